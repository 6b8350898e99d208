/**
 * The pre-advance reminders' popups (publish-wizard.md §4; after-save-area.md §4, §9): very-low kilometres,
 * description, price (presets and a custom amount with ₪) and the double-ad upgrade suggestion (330 wide). Each
 * either fills its field or closes; the wizard then goes on.
 */
import { formatNumber } from '@app/form-engine/format';
import { useId, useState } from 'react';
import { heReminders } from '../../../shared/i18n/index.ts';
import { Popup } from '../../../shared/popups/index.ts';
import { kmText, parsePrice } from './rules.ts';
import '../../../shared/popups/confirmPopup.css';
import './reminders.css';

const w = heReminders;

/** A text with '{value}' in it, the value isolated in <bdi> (numbers inside Hebrew). */
function WithValue({ text, value }: { text: string; value: string }) {
  const [before, after] = text.split('{value}');
  return (
    <>
      {before}
      <bdi>{value}</bdi>
      {after}
    </>
  );
}

/**
 * The double-ad warning's width (after-save-area.md §9: 330x483). Its height is its content's: the spec's 483 as a
 * minimum left an empty band under the buttons, since our texts and buttons take less.
 */
const DOUBLE_AD_SIZE = { width: 330, mobile: { width: 330 } };

export function KmReminderPopup(props: {
  km: string;
  options: number[];
  onChoose: (km: number) => void;
  onClose: () => void;
}) {
  const { km, options, onChoose, onClose } = props;
  return (
    <Popup header={w.km.header} onClose={onClose} fieldId="km" className="reminder">
      <p className="confirm-popup__text">
        <WithValue text={w.km.text} value={km} />
      </p>
      <ul className="reminder__choices" data-testid="km-reminder">
        {options.map((option, index) => (
          <li key={option}>
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => onChoose(option)}
              data-autofocus={index === 0 ? '' : undefined}
            >
              <bdi>{w.km.option(kmText(option))}</bdi>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--link" onClick={onClose}>
        {w.km.keep}
      </button>
    </Popup>
  );
}

export function DescriptionReminderPopup(props: {
  text: string;
  max: number;
  onAdd: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(props.text);
  const id = useId();
  return (
    <Popup header={w.description.header} onClose={props.onClose} fieldId="description" className="reminder">
      <p className="confirm-popup__text">{w.description.text}</p>
      <label htmlFor={id} className="reminder__label">
        {w.description.label}
      </label>
      <textarea
        id={id}
        className="reminder__textarea"
        value={text}
        maxLength={props.max}
        rows={4}
        onChange={(event) => setText(event.target.value)}
        data-testid="description-reminder-text"
      />
      <div className="confirm-popup__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={text.trim() === ''}
          onClick={() => props.onAdd(text.trim())}
          data-autofocus=""
        >
          {w.description.add}
        </button>
        <button type="button" className="btn btn--secondary" onClick={props.onClose}>
          {w.description.skip}
        </button>
      </div>
    </Popup>
  );
}

export function PriceReminderPopup(props: {
  presets: number[];
  onChoose: (price: number) => void;
  onClose: () => void;
}) {
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const price = parsePrice(custom);
    if (price === null) return setError(w.price.invalid);
    props.onChoose(price);
  };
  return (
    <Popup header={w.price.header} onClose={props.onClose} fieldId="price" className="reminder">
      <p className="confirm-popup__text">{w.price.text}</p>
      {props.presets.length > 0 && (
        <ul className="reminder__choices reminder__choices--row" aria-label={w.price.presetsLabel}>
          {props.presets.map((price, index) => (
            <li key={price}>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => props.onChoose(price)}
                data-autofocus={index === 0 ? '' : undefined}
              >
                <bdi>{`${formatNumber(String(price))} ₪`}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="reminder__custom" noValidate onSubmit={submit}>
        <label htmlFor={id} className="reminder__label">
          {w.price.custom}
        </label>
        <div className="reminder__amount">
          <input
            id={id}
            className="reminder__input"
            inputMode="numeric"
            dir="ltr"
            maxLength={11}
            value={custom}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setCustom(formatNumber(event.target.value.replace(/[^\d]/g, '')));
              setError(undefined);
            }}
          />
          <span className="reminder__currency" aria-hidden="true">
            ₪
          </span>
        </div>
        <div aria-live="polite">
          {error && (
            <p id={`${id}-error`} className="confirm-popup__error">
              {error}
            </p>
          )}
        </div>
        <div className="confirm-popup__actions">
          <button type="submit" className="btn btn--primary">
            {w.price.save}
          </button>
          <button type="button" className="btn btn--secondary" onClick={props.onClose}>
            {w.price.skip}
          </button>
        </div>
      </form>
    </Popup>
  );
}

export function DoubleAdPopup(props: { orderId: number; upgradeUrl: string; onContinue: () => void }) {
  return (
    <Popup header={w.duplicate.header} size={DOUBLE_AD_SIZE} onClose={props.onContinue} className="reminder">
      <div data-testid="double-ad">
        <p className="confirm-popup__text">
          <WithValue text={w.duplicate.text} value={String(props.orderId)} />
        </p>
        <p className="confirm-popup__text">{w.duplicate.suggestion}</p>
        <div className="confirm-popup__actions reminder__stack">
          <a className="btn btn--primary btn--block" href={props.upgradeUrl} data-autofocus="">
            {w.duplicate.upgrade}
          </a>
          <button type="button" className="btn btn--secondary btn--block" onClick={props.onContinue}>
            {w.duplicate.continue}
          </button>
        </div>
      </div>
    </Popup>
  );
}
