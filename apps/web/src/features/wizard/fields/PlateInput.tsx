import { formatPlate } from '@app/form-engine/format';
import { FieldLabel, inputAria, textValue, type WidgetProps } from '../../../shared/fields/index.ts';
import { InputNoticeRegion, useInputNotice } from './InputNotice.tsx';
import { plateEdit } from './inputFilter.ts';

/**
 * Licence plate (format 'plate'): left-to-right, digits only, dashed as typed (12-345-67, 123-45-678). Letters
 * and digits past the eighth are not kept, and the user is told so (inputFilter.ts).
 */
export function PlateInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const shown = textValue(field.value);
  const { notice, setNotice, id: noticeId, describes } = useInputNotice(ids.input);
  const aria = inputAria(props);
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
        value={shown}
        placeholder={def.placeholder ?? '00-000-00'}
        disabled={!field.enabled}
        onChange={(event) => {
          const edit = plateEdit(shown.replace(/\D/g, ''), event.target.value);
          setNotice(edit.notice);
          onChange(formatPlate(edit.digits));
        }}
        {...aria}
        aria-describedby={[aria['aria-describedby'], describes].filter(Boolean).join(' ') || undefined}
      />
      <InputNoticeRegion id={noticeId} notice={notice} />
    </>
  );
}
