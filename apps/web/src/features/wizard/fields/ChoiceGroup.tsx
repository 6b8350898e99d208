import { chosenItems } from '@app/form-engine/values';
import type { WidgetProps } from '../../../shared/fields/index.ts';
import { FieldLabel } from '../../../shared/fields/index.ts';

/**
 * radio and multipleRadios: a group of native radios (arrow keys move and choose) inside a labelled
 * radiogroup; with `multiple`, a group of checkboxes.
 */
export function ChoiceGroup(props: WidgetProps) {
  const { field, ids, onChange, error, describedBy } = props;
  const { def } = field;
  const chosen = chosenItems(field.value);
  const multiple = def.multiple === true;
  const name = `${ids.input}-${def.name ?? def.id}`;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is radiogroup or group, both take a label
    <div
      role={multiple ? 'group' : 'radiogroup'}
      aria-labelledby={ids.label}
      aria-describedby={describedBy}
      aria-invalid={!multiple && error ? true : undefined}
      aria-required={!multiple && field.required ? true : undefined}
      className={`choices choices--${def.type}`}
      id={ids.input}
    >
      <FieldLabel field={field} id={ids.label} />
      <div className="choices__options">
        {(field.options ?? []).map((option) => {
          const checked = chosen.includes(option.value);
          return (
            <label key={option.value} className={`choice${checked ? ' choice--checked' : ''}`}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.value}
                checked={checked}
                disabled={!field.enabled || option.disabled}
                onChange={(event) => {
                  if (!multiple) onChange(option.value);
                  else if (event.target.checked) onChange([...chosen, option.value]);
                  else onChange(chosen.filter((item) => item !== option.value));
                }}
              />
              <span>{option.text}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
