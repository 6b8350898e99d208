import { formatPlate } from '@app/form-engine/format';
import { FieldLabel, inputBase, textValue, type WidgetProps } from '../../../shared/fields/index.ts';
import { InputNoticeRegion, useInputNotice } from './InputNotice.tsx';
import { DIGITS_INPUT, plateEdit } from './inputFilter.ts';

/**
 * Licence plate (format 'plate'): left-to-right, digits only, dashed as typed (12-345-67, 123-45-678). Letters
 * and digits past the eighth are not kept, and the user is told so (inputFilter.ts).
 */
export function PlateInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const shown = textValue(field.value);
  const { notice, setNotice, id: noticeId, describes } = useInputNotice(ids.input);
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <input
        {...inputBase(props, { describedBy: [describes] })}
        className="field__input field__input--plate"
        {...DIGITS_INPUT}
        dir="ltr"
        value={shown}
        placeholder={def.placeholder ?? '00-000-00'}
        onChange={(event) => {
          const edit = plateEdit(shown.replace(/\D/g, ''), event.target.value);
          setNotice(edit.notice);
          onChange(formatPlate(edit.digits));
        }}
      />
      <InputNoticeRegion id={noticeId} notice={notice} />
    </>
  );
}
