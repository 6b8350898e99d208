import {
  isLandline,
  PHONE_ERROR,
  PHONE_PREFIXES,
  PHONE_TEXTS,
  phoneDigits,
  phoneError,
  phonePrefix,
} from '@app/contract/phones';
import { type ReactNode, useRef, useState } from 'react';
import { sendPhoneCall, sendPhoneSms } from '../../shared/api/index.ts';
import { FieldLabel, inputBase, textValue, type WidgetProps } from '../../shared/fields/index.ts';
import { heContact as t } from '../../shared/i18n/index.ts';
import { PhoneCodePopup } from './PhoneCodePopup.tsx';
import { PhoneListPopup } from './PhoneListPopup.tsx';
import { phoneEntry, usePhones } from './phoneStore.ts';
import './contact.css';

/** The field's value split into the prefix select and the number input. */
function split(value: string): { prefix: string; rest: string } {
  const digits = phoneDigits(value).replace(/\D/g, '');
  const prefix = phonePrefix(digits);
  return prefix ? { prefix, rest: digits.slice(prefix.length) } : { prefix: '', rest: digits };
}

/** The whole number as the field holds it: the prefix, a dash, the rest (at most 11 characters). */
const join = (prefix: string, rest: string): string => (rest || prefix ? `${prefix}-${rest}`.slice(0, 11) : '');

/**
 * A phone field of the contact step (after-save-area.md §3 "Phone fields", §4 "Phone confirmation", §5): the prefix
 * select and the number (left to right, the dash inserted), 'המספר אינו תקין' once it is longer than 7 characters,
 * no landline as the primary phone; its state against the customer's numbers (verified, deactivated, or 'לא מאומת'
 * with the button that sends the first SMS); the code popup (SMS, resend, voice call) and the list of numbers.
 * A trader in the category adds numbers without SMS (the server accepts them).
 */
export function PhoneField(props: WidgetProps) {
  const { field, ids, onChange, env, error } = props;
  const { def } = field;
  const primary = def.phonePriority !== 2;
  const value = textValue(field.value);
  const { prefix, rest } = split(value);
  const prefixes = def.phonePrefixes ?? [...PHONE_PREFIXES];
  const { phones, refresh } = usePhones();
  const [sendError, setSendError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [popup, setPopup] = useState<'code' | 'call' | 'list' | null>(null);
  // An SMS already on its way (error type smsAlreadySent, 5) shows its text in the code area (spec §8).
  const [codeAreaError, setCodeAreaError] = useState<string>();
  // A landline (allowed for the second contact, or a trader's) gets no SMS: it is confirmed by a voice call.
  const byCall = isLandline(value);
  const numberRef = useRef<HTMLInputElement>(null);
  const entry = phoneEntry(phones, value);
  const rule = value.length > 7 ? phoneError(value, { primary, categoryTrader: env.trader }) : null;
  const shownError = error ?? rule ?? sendError;
  const statusId = `${ids.input}-status`;

  const set = (next: string) => {
    setSendError(undefined);
    onChange(next);
  };

  const send = async () => {
    // Phone errors are collected before the first SMS, and any error blocks it (spec §5).
    const found = phoneError(value, { primary, categoryTrader: env.trader });
    if (found) {
      setSendError(found);
      numberRef.current?.focus();
      return;
    }
    setSending(true);
    const outcome = byCall ? await sendPhoneCall(value, primary) : await sendPhoneSms(value, { main: primary });
    setSending(false);
    if (outcome.kind === 'login') return env.onSessionEnded?.();
    if (outcome.kind === 'error') {
      // An SMS already on its way (smsAlreadySent) belongs to the code area: the popup opens with it.
      if (outcome.errorType === PHONE_ERROR.smsAlreadySent) {
        setCodeAreaError(outcome.message);
        return setPopup('code');
      }
      setSendError(outcome.message);
      return;
    }
    if (outcome.confirmed) {
      await refresh();
      env.setFieldError?.(def.id, undefined);
      return;
    }
    setCodeAreaError(undefined);
    setPopup(byCall ? 'call' : 'code');
  };

  let status: ReactNode = null;
  if (!rule && value.length > 7 && !error) {
    if (env.categoryTrader) status = <span className="phone__state">{t.traderNoSms}</span>;
    else if (entry && entry.deactivatedInPublish === 1) status = <span className="phone__state">{t.deactivated}</span>;
    else if (entry)
      status = (
        <span className="phone__state phone__state--ok" data-testid={`phone-verified-${def.id}`}>
          ✓ {t.verified}
        </span>
      );
    else
      status = (
        <>
          <span className="phone__state phone__state--no">{t.unverified}</span>
          <button
            type="button"
            className="btn btn--secondary phone__send"
            onClick={() => void send()}
            disabled={sending}
            aria-busy={sending || undefined}
            data-testid={`phone-send-${def.id}`}
          >
            {sending ? t.sending : byCall ? t.sendCall : t.sendCode}
          </button>
        </>
      );
  }

  return (
    <div className="phone" data-testid={`phone-${def.id}`}>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <div className="phone__inputs" dir="ltr">
        <select
          className="field__input phone__prefix"
          aria-label={`${t.prefix} (${def.label ?? ''})`}
          value={prefix}
          disabled={!field.enabled}
          onChange={(event) => set(join(event.target.value, rest))}
          data-testid={`phone-prefix-${def.id}`}
        >
          <option value="">-</option>
          {prefixes.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <input
          ref={numberRef}
          {...inputBase({ ...props, error: shownError }, { describedBy: [statusId] })}
          className="field__input phone__number"
          type="tel"
          dir="ltr"
          inputMode="numeric"
          autoComplete="tel-national"
          value={rest}
          onChange={(event) => {
            const typed = event.target.value;
            // A whole number pasted or filled in (0501234567, +972…): its prefix goes to the select.
            const whole = split(typed);
            if (whole.prefix && typed.replace(/\D/g, '').length > 7) set(join(whole.prefix, whole.rest.slice(0, 7)));
            else set(join(prefix, typed.replace(/\D/g, '').slice(0, 7)));
          }}
          data-testid={`phone-number-${def.id}`}
        />
      </div>
      {rule && !error && (
        <p className="field__error" role="alert">
          {rule === PHONE_TEXTS.landline ? PHONE_TEXTS.landline : PHONE_TEXTS.invalid}
        </p>
      )}
      {sendError && !error && !rule && (
        <p className="field__error" role="alert" data-testid={`phone-error-${def.id}`}>
          {sendError}
        </p>
      )}
      <div id={statusId} className="phone__status" role="status">
        {status}
      </div>
      {phones.length > 0 && (
        <button type="button" className="btn btn--link phone__list-link" onClick={() => setPopup('list')}>
          {t.myPhones}
        </button>
      )}
      {(popup === 'code' || popup === 'call') && (
        <PhoneCodePopup
          phone={value}
          calling={popup === 'call'}
          initialError={codeAreaError}
          main={primary}
          onSessionEnded={() => env.onSessionEnded?.()}
          onClose={() => {
            setPopup(null);
            numberRef.current?.focus();
          }}
          onConfirmed={async () => {
            await refresh();
            env.setFieldError?.(def.id, undefined);
            setPopup(null);
            numberRef.current?.focus();
          }}
        />
      )}
      {popup === 'list' && (
        <PhoneListPopup
          chosen={value}
          onChoose={(text) => {
            set(text);
            setPopup(null);
            numberRef.current?.focus();
          }}
          onClose={() => {
            setPopup(null);
            numberRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
