import { NOT_CHOSEN } from '@app/form-engine/model';
import type { WidgetProps } from '../../../shared/fields/index.ts';
import { FieldLabel } from '../../../shared/fields/index.ts';
import { he } from '../../../shared/i18n/index.ts';
import { swatchOf } from './swatch.ts';

/** A select whose options are colours: a radio group of chips, each with its colour swatch. */
export function SwatchGroup(props: WidgetProps) {
  const { field, ids, onChange, error, describedBy } = props;
  const { def } = field;
  const options = field.options ?? [];
  const name = `${ids.input}-${def.name ?? def.id}`;
  return (
    <div
      role="radiogroup"
      aria-labelledby={ids.label}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={field.required ? true : undefined}
      aria-busy={field.loading || undefined}
      className="choices choices--swatches"
      id={ids.input}
    >
      <FieldLabel field={field} id={ids.label} />
      {field.loading && <p className="field__note">{he.common.loading}</p>}
      {!field.enabled && !field.loading && <p className="field__note">{he.fields.chooseParentFirst}</p>}
      <div className="choices__options">
        {options.map((option) => {
          const checked = field.value === option.value;
          const swatch = swatchOf(option);
          return (
            <label key={option.value} className={`choice choice--swatch${checked ? ' choice--checked' : ''}`}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={!field.enabled || option.disabled}
                onChange={() => onChange(option.value)}
              />
              <span className="swatch" style={swatch ? { background: swatch } : undefined} aria-hidden="true" />
              <span>{option.text}</span>
            </label>
          );
        })}
      </div>
      {field.value !== undefined && field.value !== NOT_CHOSEN && field.value !== '' && !field.required && (
        <button type="button" className="btn btn--link choices__clear" onClick={() => onChange(NOT_CHOSEN)}>
          {he.fields.clearChoice}
        </button>
      )}
    </div>
  );
}
