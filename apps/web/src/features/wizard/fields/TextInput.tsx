import { DEFAULT_MAXLENGTH } from '@app/form-engine/format';
import { FieldLabel, inputBase, textValue, type WidgetProps } from '../../../shared/fields/index.ts';
import { CharsCount, InputNoticeRegion, useInputNotice } from './InputNotice.tsx';
import { showsCounter } from './inputFilter.ts';

const INPUT_TYPES = { text: 'text', password: 'password', email: 'email', tel: 'tel' } as const;
const AUTOCOMPLETE = { text: 'off', password: 'new-password', email: 'email', tel: 'tel' } as const;

/**
 * text, password, email and tel inputs (tel and e-mail left-to-right). The maximum length is kept here, not
 * by the maxlength attribute: a paste that does not fit is cut with the too-many-characters notice and the
 * characters counter, which also shows when the definition asks for it or the text nears its maximum.
 */
export function TextInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const type = def.type in INPUT_TYPES ? INPUT_TYPES[def.type as keyof typeof INPUT_TYPES] : 'text';
  const dir = def.dir ?? (type === 'tel' || type === 'email' ? 'ltr' : undefined);
  const text = textValue(field.value);
  const max = def.maxlength ?? DEFAULT_MAXLENGTH;
  const { notice, id: noticeId, describes, textChange } = useInputNotice(ids.input);
  const counter = type !== 'password' && showsCounter(text.length, max, def.charsCounter === true, notice);
  const counterId = `${ids.input}-counter`;
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <input
        {...inputBase(props, { describedBy: [counter && counterId, describes] })}
        className="field__input"
        type={type}
        dir={dir}
        inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
        autoComplete={AUTOCOMPLETE[type]}
        value={text}
        placeholder={def.placeholder}
        onChange={textChange(text, max, onChange)}
      />
      {counter && (
        <div id={counterId} className="quality">
          <CharsCount text={text} max={max} />
        </div>
      )}
      <InputNoticeRegion id={noticeId} notice={notice} />
    </>
  );
}
