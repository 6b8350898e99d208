import { DEFAULT_MAXLENGTH, displayMaxLength, formatNumber, parseNumber } from '@app/form-engine/format';
import { FieldLabel } from './FieldLabel.tsx';
import { inputAria, textValue, type WidgetProps } from './types.ts';

/**
 * Numbers (and isNumeric text): digits only, shown with thousands separators while typing unless noFormat;
 * the input's length limit is widened by the separators (spec §5).
 */
export function NumberInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const format = !def.noFormat;
  const max = def.maxlength ?? DEFAULT_MAXLENGTH;
  const shown = textValue(field.value);
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <input
        id={ids.input}
        name={def.name ?? def.id}
        className="field__input field__input--number"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={format ? formatNumber(shown) : shown}
        placeholder={def.placeholder}
        maxLength={format ? displayMaxLength(max) : max}
        disabled={!field.enabled}
        onChange={(event) => {
          const digits = parseNumber(event.target.value).replace(/\D/g, '');
          onChange(format ? formatNumber(digits) : digits);
        }}
        {...inputAria(props)}
      />
    </>
  );
}
