import { DEFAULT_MAXLENGTH } from '@app/form-engine/format';
import { charsCounter, quality } from '@app/form-engine/quality';
import { he } from '../i18n/he.ts';
import { FieldLabel } from './FieldLabel.tsx';
import { inputAria, textValue, type WidgetProps } from './types.ts';

/** A textarea with its characters counter and the description quality bar (engine quality.ts). */
export function TextareaInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const text = textValue(field.value);
  const max = def.maxlength ?? DEFAULT_MAXLENGTH;
  const counter = def.charsCounter ? charsCounter(text, max) : undefined;
  const bar = def.qualityBar ? quality(text.length, max) : undefined;
  const counterId = `${ids.input}-counter`;
  const describedBy = [props.describedBy, bar || counter ? counterId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <textarea
        id={ids.input}
        name={def.name ?? def.id}
        className="field__input field__textarea"
        rows={5}
        value={text}
        placeholder={def.placeholder}
        maxLength={max}
        disabled={!field.enabled}
        onChange={(event) => onChange(event.target.value)}
        {...inputAria(props)}
        aria-describedby={describedBy}
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
          {counter && (
            <span className="quality__count">
              <span className="visually-hidden">{he.fields.charsCount}: </span>
              <bdi>{counter.text}</bdi>
            </span>
          )}
        </div>
      )}
    </>
  );
}
