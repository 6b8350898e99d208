import { DEFAULT_MAXLENGTH, formatNumber, parseNumber } from '@app/form-engine/format';
import { FieldLabel, inputBase, textValue, type WidgetProps } from '../../../shared/fields/index.ts';
import { InputNoticeRegion, useInputNotice } from './InputNotice.tsx';
import { clampDigits, DIGITS_INPUT, numericEdit } from './inputFilter.ts';

/**
 * Numbers (and isNumeric text): digits only, shown with thousands separators while typing unless noFormat
 * (spec §5). Anything else typed or pasted is dropped with 'יש להזין ספרות בלבד', and digits beyond the
 * maximum with the too-many-characters notice (inputFilter.ts): the notice is announced and goes with the
 * next edit that is taken as it came. A number outside the field's min and max is set to the nearest end when the
 * input loses focus, with a notice that says so.
 */
export function NumberInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const format = !def.noFormat;
  const max = def.maxlength ?? DEFAULT_MAXLENGTH;
  const shown = textValue(field.value);
  const { notice, setNotice, id: noticeId, describes } = useInputNotice(ids.input);
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <input
        {...inputBase(props, { describedBy: [describes] })}
        className="field__input field__input--number"
        {...DIGITS_INPUT}
        value={format ? formatNumber(shown) : shown}
        placeholder={def.placeholder}
        onChange={(event) => {
          const edit = numericEdit(parseNumber(shown).replace(/\D/g, ''), event.target.value, max);
          setNotice(edit.notice);
          onChange(format ? formatNumber(edit.digits) : edit.digits);
        }}
        onBlur={() => {
          const clamped = clampDigits(parseNumber(shown), def);
          if (!clamped) return;
          setNotice(clamped.notice);
          onChange(format ? formatNumber(clamped.digits) : clamped.digits);
        }}
      />
      <InputNoticeRegion id={noticeId} notice={notice} />
    </>
  );
}
