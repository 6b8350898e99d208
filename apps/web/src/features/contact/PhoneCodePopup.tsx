import { CODE_LENGTH, IVR_POLL_MS, isValidCode } from '@app/contract/phones';
import { useEffect, useId, useRef, useState } from 'react';
import { checkPhoneCall, confirmPhoneCode, sendPhoneCall, sendPhoneSms } from '../../shared/api/index.ts';
import { heContact as t } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';

export interface PhoneCodePopupProps {
  phone: string;
  main: boolean;
  /** The number was sent a voice call (a landline): poll at once, no SMS was sent. */
  calling?: boolean;
  /** A text for the code area when the popup opens (errorType 5: an SMS is already on its way). */
  initialError?: string | undefined;
  onConfirmed: () => void | Promise<void>;
  onClose: () => void;
  onSessionEnded: () => void;
}

/**
 * The confirmation popup (after-save-area.md §4 "Phone confirmation", §5 "Verification code", §8): the code of the
 * SMS (exactly 5 digits, 'קוד אימות אינו תקין'; the button highlighted past 4 characters), the service's error under
 * the input with a red border, a resend ('sms נשלח'), and the voice call (IVR) polled every 5000 ms until its result
 * is 1. The code read in the call may also be typed here.
 */
export function PhoneCodePopup(props: PhoneCodePopupProps) {
  const { phone, main, onConfirmed, onClose, onSessionEnded } = props;
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(props.initialError);
  const [note, setNote] = useState<string | undefined>(props.calling ? t.calling : undefined);
  const [busy, setBusy] = useState(false);
  const [calling, setCalling] = useState(props.calling === true);
  const inputRef = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  const finish = async () => {
    if (done.current) return;
    done.current = true;
    await onConfirmed();
  };

  // The voice call: poll valid-phone-check every 5000 ms until the result is 1 (spec §9).
  // biome-ignore lint/correctness/useExhaustiveDependencies: one poll per call
  useEffect(() => {
    if (!calling) return;
    let alive = true;
    const timer = window.setInterval(async () => {
      const outcome = await checkPhoneCall(phone);
      if (!alive) return;
      if (outcome.kind === 'login') return onSessionEnded();
      if (outcome.kind === 'ok' && outcome.result) {
        window.clearInterval(timer);
        setNote(t.callConfirmed);
        void finish();
      } else if (outcome.kind === 'error') {
        window.clearInterval(timer);
        setCalling(false);
        setError(outcome.message);
      }
    }, IVR_POLL_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [calling, phone]);

  const confirm = async () => {
    if (code === '') return setError(t.codeMissing);
    if (!isValidCode(code)) return setError(t.codeInvalid);
    setBusy(true);
    const outcome = await confirmPhoneCode(phone, code, main);
    setBusy(false);
    if (outcome.kind === 'login') return onSessionEnded();
    if (outcome.kind === 'error') {
      setError(outcome.message);
      inputRef.current?.focus();
      return;
    }
    await finish();
  };

  const resend = async () => {
    setError(undefined);
    setNote(undefined);
    const outcome = await sendPhoneSms(phone, { resend: true, main });
    if (outcome.kind === 'login') return onSessionEnded();
    if (outcome.kind === 'error') return setError(outcome.message);
    if (outcome.confirmed) return void finish();
    setNote(t.resent);
  };

  const call = async () => {
    setError(undefined);
    setNote(undefined);
    const outcome = await sendPhoneCall(phone, main);
    if (outcome.kind === 'login') return onSessionEnded();
    if (outcome.kind === 'error') return setError(outcome.message);
    setNote(t.calling);
    setCalling(true);
  };

  return (
    <Popup kind="default" size={{ width: 320 }} header={t.codeTitle} onClose={onClose} className="phone-code-popup">
      <form
        className="phone-code"
        data-testid="phone-code-popup"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <p>
          {props.calling ? t.callSent : t.codeSent} <bdi dir="ltr">{phone}</bdi>
        </p>
        <label htmlFor={`${id}-code`} className="field__label">
          {t.codeLabel}
        </label>
        <input
          ref={inputRef}
          id={`${id}-code`}
          className={`field__input phone-code__input${error ? ' field__input--error' : ''}`}
          dir="ltr"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH + 1}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\s/g, '').slice(0, CODE_LENGTH + 1));
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="phone-code-input"
          data-autofocus
        />
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert" data-testid="phone-code-error">
            {error}
          </p>
        )}
        <p className="phone-code__note" role="status" data-testid="phone-code-note">
          {note ?? ''}
        </p>
        <button
          type="submit"
          className={`btn ${code.length > CODE_LENGTH - 1 ? 'btn--primary' : 'btn--secondary'} phone-code__confirm`}
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="phone-code-confirm"
        >
          {busy ? t.confirming : t.confirm}
        </button>
        <div className="phone-code__more">
          {!props.calling && (
            <button
              type="button"
              className="btn btn--link"
              onClick={() => void resend()}
              data-testid="phone-code-resend"
            >
              {t.resend}
            </button>
          )}
          <button
            type="button"
            className="btn btn--link"
            onClick={() => void call()}
            disabled={calling}
            data-testid="phone-code-call"
          >
            {t.byCall}
          </button>
        </div>
      </form>
    </Popup>
  );
}
