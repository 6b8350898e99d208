import { type FormEvent, useState } from 'react';

/**
 * What sending a popup's form came to: sent (the thank-you follows), the server's messages by field, a failure
 * (the form stays, with what was typed, and says so), or handled by the popup itself (it closed, moved on, or
 * showed its own messages): the form is ready again.
 */
export type FormSendOutcome =
  | { kind: 'sent' }
  | { kind: 'errors'; errors: Readonly<Record<string, string | undefined>> }
  | { kind: 'failed' }
  | { kind: 'handled' };

export type FormPopupState = 'form' | 'sending' | 'failed' | 'thanks';

/**
 * The state of a form in a popup, the same for every lead, report and details form: the values as typed, the
 * messages by field, and form → sending → thanks or failed. A message clears as its field is typed in; with
 * `recheck`, after a first try the browser's own messages follow the typing instead. A second submit while one is
 * sending does nothing. The first field with a message gets the focus (`formSelector` names the form).
 */
export function useFormPopup<V extends { [K in keyof V]: string }>(options: {
  initial: V;
  /** The browser's own checks (required fields…): the message of each field that fails, none when it may go. */
  check?: (values: V) => Readonly<Record<string, string | undefined>>;
  send: (values: V) => Promise<FormSendOutcome>;
  recheck?: boolean;
  formSelector?: string;
}) {
  const { check, send, recheck = false, formSelector } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Readonly<Record<string, string | undefined>>>({});
  const [state, setState] = useState<FormPopupState>('form');
  const [tried, setTried] = useState(false);

  const show = (found: Readonly<Record<string, string | undefined>>) => {
    setErrors(found);
    const first = Object.keys(found).find((key) => found[key]);
    if (first && formSelector) document.querySelector<HTMLInputElement>(`${formSelector} [name="${first}"]`)?.focus();
  };

  const set =
    (field: keyof V & string) =>
    (value: string): void => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (recheck && tried && check) setErrors(check(next));
      else setErrors((prev) => ({ ...prev, [field]: undefined }));
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'sending') return;
    setTried(true);
    const found = check?.(values) ?? {};
    // A field named with an empty message stops the send without a word (a button that is disabled anyway).
    if (Object.values(found).some((message) => message !== undefined)) {
      setState('form');
      return show(found);
    }
    setErrors({});
    setState('sending');
    const outcome = await send(values);
    if (outcome.kind === 'sent') return setState('thanks');
    if (outcome.kind === 'errors') show(outcome.errors);
    setState(outcome.kind === 'failed' ? 'failed' : 'form');
  };

  /** A text field's props for `key`: its input's name (`key` unless the wire names it otherwise), value, setter, message. */
  const field = (key: keyof V & string, name: string = key) => ({
    name,
    value: values[key],
    onChange: set(key),
    error: errors[key],
  });

  return { values, errors, state, set, field, submit };
}
