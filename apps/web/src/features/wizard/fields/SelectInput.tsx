import { NOT_CHOSEN } from '@app/form-engine/model';
import { FieldLabel, inputAria, type WidgetProps } from '../../../shared/fields/index.ts';
import { he } from '../../../shared/i18n/index.ts';

/**
 * A native <select> (styled): "not chosen" (-1) first, options disabled by option rules, a loading text
 * while a dependent list is fetched, disabled until its parents have values or when it has no choices.
 */
export function SelectInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const options = field.options ?? [];
  const empty = !field.loading && field.options !== undefined && options.length === 0;
  const placeholder = field.loading
    ? he.common.loading
    : empty
      ? he.fields.noOptions
      : (def.placeholder ?? he.fields.choose);
  if (def.multiple) {
    const chosen = Array.isArray(field.value) ? field.value : field.value ? [field.value] : [];
    return (
      <>
        <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
        <select
          id={ids.input}
          name={def.name ?? def.id}
          className="field__select field__select--multiple"
          multiple
          value={chosen}
          disabled={!field.enabled}
          onChange={(event) => onChange([...event.target.selectedOptions].map((o) => o.value))}
          {...inputAria(props)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.text}
            </option>
          ))}
        </select>
      </>
    );
  }
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : NOT_CHOSEN;
  const known = value === NOT_CHOSEN || options.some((option) => option.value === value);
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <span className="select-wrap">
        <select
          id={ids.input}
          name={def.name ?? def.id}
          className="field__select"
          value={value}
          disabled={!field.enabled}
          aria-busy={field.loading || undefined}
          onChange={(event) => onChange(event.target.value)}
          {...inputAria(props)}
        >
          <option value={NOT_CHOSEN}>{placeholder}</option>
          {!known && <option value={value}>{field.loading ? he.common.loading : value}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.text}
              {option.disabled ? ` (${he.fields.optionUnavailable})` : ''}
            </option>
          ))}
        </select>
      </span>
    </>
  );
}
