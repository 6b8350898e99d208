import { DEFAULT_MAXLENGTH } from '@app/form-engine/format';
import { quality } from '@app/form-engine/quality';
import { FieldLabel, inputBase, textValue, type WidgetProps } from '../../../shared/fields/index.ts';
import { CharsCount, InputNoticeRegion, useInputNotice } from './InputNotice.tsx';
import { showsCounter } from './inputFilter.ts';

/**
 * A textarea with its characters counter and the description quality bar (engine quality.ts). The maximum
 * length is kept here, not by the maxlength attribute: a paste that does not fit is cut with the
 * too-many-characters notice and the counter.
 */
export function TextareaInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const text = textValue(field.value);
  const max = def.maxlength ?? DEFAULT_MAXLENGTH;
  const { notice, id: noticeId, describes, textChange } = useInputNotice(ids.input);
  const counter = showsCounter(text.length, max, def.charsCounter === true, notice);
  const bar = def.qualityBar ? quality(text.length, max) : undefined;
  const counterId = `${ids.input}-counter`;
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <textarea
        {...inputBase(props, { describedBy: [(bar || counter) && counterId, describes] })}
        className="field__input field__textarea"
        rows={5}
        value={text}
        placeholder={def.placeholder}
        onChange={textChange(text, max, onChange)}
      />
      {(bar || counter) && (
        <div id={counterId} className="quality">
          {bar && (
            <>
              <div className={`quality__bar quality__bar--${bar.level}`} aria-hidden="true">
                <span className="quality__fill" style={{ inlineSize: `${bar.percent}%` }} />
              </div>
              <span className="quality__caption">{bar.caption}</span>
            </>
          )}
          {counter && <CharsCount text={text} max={max} />}
        </div>
      )}
      <InputNoticeRegion id={noticeId} notice={notice} />
    </>
  );
}
