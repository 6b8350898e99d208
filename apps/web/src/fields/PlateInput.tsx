import { formatPlate } from '@app/form-engine/format';
import { FieldLabel } from './FieldLabel.tsx';
import { inputAria, textValue, type WidgetProps } from './types.ts';

/** Licence plate (format 'plate'): left-to-right, digits only, dashed as typed (12-345-67, 123-45-678). */
export function PlateInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <input
        id={ids.input}
        name={def.name ?? def.id}
        className="field__input field__input--plate"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        value={textValue(field.value)}
        placeholder={def.placeholder ?? '00-000-00'}
        maxLength={def.maxlength ?? 10}
        disabled={!field.enabled}
        onChange={(event) => onChange(formatPlate(event.target.value))}
        {...inputAria(props)}
      />
    </>
  );
}
