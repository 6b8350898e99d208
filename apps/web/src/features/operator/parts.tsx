/** What the console's forms share: sending a step, its error note, the six-digit code field. */
import { type FormEvent, type ReactNode, useState } from 'react';
import { heOperator } from '../../shared/i18n/index.ts';
import { TextField } from '../../shared/ui/index.ts';

/**
 * A form's sending: busy while `run` works (a second submit meanwhile does nothing); `run` answers the message to
 * show, or nothing when it went through.
 */
export function useSubmit(run: () => Promise<string | undefined>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const message = await run();
    setBusy(false);
    setError(message);
  };
  return { busy, error, setError, submit };
}

/** Today in Israel, 'YYYY-MM-DD' (the default day of the console's day filters). */
export const israelToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());

/** What went wrong, said at once to a screen reader. */
export function ErrorNote({ text }: { text: string | undefined }) {
  return text ? (
    <p className="operator__error" role="alert">
      {text}
    </p>
  ) : null;
}

/** The authenticator's six-digit code: digits only, the phone's keypad, offered from an SMS-like autofill. */
export function CodeField(props: { value: string; onChange: (code: string) => void; autoFocus?: boolean }) {
  return (
    <TextField
      name="code"
      label={heOperator.code}
      autoComplete="one-time-code"
      inputMode="numeric"
      dir="ltr"
      maxLength={6}
      value={props.value}
      onChange={(typed) => props.onChange(typed.replace(/\D/g, '').slice(0, 6))}
      required
      autoFocus={props.autoFocus}
    />
  );
}

/**
 * A table that may be wider than a phone: it scrolls sideways inside its own box, and that box can take the focus
 * (named by `label`) so a keyboard user can scroll it too.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
    <section className="operator__table-wrap" aria-label={heOperator.table(label)} tabIndex={0}>
      {children}
    </section>
  );
}
