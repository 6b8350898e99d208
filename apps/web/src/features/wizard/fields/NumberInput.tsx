import { DEFAULT_MAXLENGTH, formatNumber, parseNumber } from '@app/form-engine/format';
import { FieldLabel, inputAria, textValue, type WidgetProps } from '../../../shared/fields/index.ts';
import { InputNoticeRegion, useInputNotice } from './InputNotice.tsx';
import { numericEdit } from './inputFilter.ts';

/**
 * Numbers (and isNumeric text): digits only, shown with thousands separators while typing unless noFormat
 * (spec §5). Anything else typed or pasted is dropped with 'יש להזין ספרות בלבד', and digits beyond the
 * maximum with the too-many-characters notice (inputFilter.ts): the notice is announced and goes with the
 * next edit that is taken as it came.
 */
export function NumberInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const format = !def.noFormat;
  const max = def.maxlength ?? DEFAULT_MAXLENGTH;
  const shown = textValue(field.value);
  const { notice, setNotice, id: noticeId, describes } = useInputNotice(ids.input);
  const aria = inputAria(props);
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
        disabled={!field.enabled}
        onChange={(event) => {
          const edit = numericEdit(parseNumber(shown).replace(/\D/g, ''), event.target.value, max);
          setNotice(edit.notice);
          onChange(format ? formatNumber(edit.digits) : edit.digits);
        }}
        {...aria}
        aria-describedby={[aria['aria-describedby'], describes].filter(Boolean).join(' ') || undefined}
      />
      <InputNoticeRegion id={noticeId} notice={notice} />
    </>
  );
}
