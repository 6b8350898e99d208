import {
  type ContactUsFetchResponse,
  type ContactUsFieldName,
  type ContactUsSaveRequest,
  contactUsFieldError,
} from '@app/contract/contactUs';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type ContactUsSendResult, fetchContactUsForm, sendContactUs } from '../../shared/api/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { heContactUs } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { useSearchParams } from '../../shared/routing/index.ts';
import { ContactUsField } from './ContactUsField.tsx';
import './contactUs.css';

type Values = Partial<Record<ContactUsFieldName, string>>;
type Errors = Partial<Record<ContactUsFieldName, string>>;

const initialValues = (form: ContactUsFetchResponse): Values =>
  Object.fromEntries(form.form.fields.map((f) => [f.name, f.value]));

/** The spec's contact result popup (after-save-area.md §9: 580x135). */
const RESULT_SIZE = { width: 580, height: 135 };

/**
 * /contactus (after-save-area.md §2, §5, §8): the server's form (GET contact-us/fetch, the subject prefilled by
 * ?submailto=1..4). A field shows its errorMessage when left empty or invalid (on blur), and again as it is typed
 * until it is valid; the send button is active only when every field is filled and valid. The result is the
 * server's sendResult message; a failure offers to send again (the form keeps what was typed). The logged-in
 * customer's id is appended by the server from the session.
 */
export default function ContactUsPage() {
  usePageTitle(heContactUs.pageTitle);
  const [params] = useSearchParams();
  const submailto = params.get('submailto');
  const [form, setForm] = useState<ContactUsFetchResponse | null>(null);
  const [loadState, setLoadState] = useState<'loading' | 'failed' | 'ready'>('loading');
  const [values, setValues] = useState<Values>({});
  const [shown, setShown] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<'succeed' | 'failed' | null>(null);

  const load = useCallback(async () => {
    setLoadState('loading');
    const fetched = await fetchContactUsForm(submailto);
    setForm(fetched);
    if (fetched) setValues(initialValues(fetched));
    setLoadState(fetched ? 'ready' : 'failed');
  }, [submailto]);

  useEffect(() => {
    void load();
  }, [load]);

  const fields = form?.form.fields ?? [];
  const visible = fields.filter((f) => f.type !== 'hidden');
  const errorOf = (name: ContactUsFieldName) => {
    const field = fields.find((f) => f.name === name);
    return field ? contactUsFieldError(field, values[name] ?? '') : undefined;
  };
  const valid = fields.length > 0 && fields.every((f) => errorOf(f.name) === undefined);
  const canSend = !sending && valid;

  const onChange = (name: ContactUsFieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A field that shows an error is checked again as it is typed: the message goes once the value is valid.
    if (shown[name]) {
      const field = fields.find((f) => f.name === name);
      setShown((s) => ({ ...s, [name]: field ? contactUsFieldError(field, value) : undefined }));
    }
  };
  const onBlur = (name: ContactUsFieldName) => setShown((s) => ({ ...s, [name]: errorOf(name) }));

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    const body: ContactUsSaveRequest = { ...values };
    const outcome: ContactUsSendResult = await sendContactUs(body);
    setSending(false);
    if (outcome.kind === 'fieldErrors') {
      setResult(null);
      setShown(outcome.errors);
      const first = fields.find((f) => outcome.errors[f.name] && f.type !== 'hidden');
      if (first) document.getElementById(first.id)?.focus();
      return;
    }
    setResult(outcome.kind === 'sent' ? 'succeed' : 'failed');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const closeResult = () => {
    if (result === 'succeed' && form) {
      setValues(initialValues(form));
      setShown({});
    }
    setResult(null);
  };

  if (loadState !== 'ready' || !form) {
    return (
      <section className="contactus">
        <h1 className="page__title">{heContactUs.pageTitle}</h1>
        {loadState === 'loading' ? (
          <p role="status">{heContactUs.loading}</p>
        ) : (
          <div role="alert" className="contactus__load-failed">
            <p>{heContactUs.loadFailed}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void load()}>
              {heContactUs.reload}
            </button>
          </div>
        )}
      </section>
    );
  }

  const message = result ? form.sendResult[result] : null;
  return (
    <section className="contactus">
      <h1 className="page__title">{form.title}</h1>
      <p className="page__lead">{form.descriptionTitle}</p>
      <form className="contactus__form card" noValidate onSubmit={onSubmit} aria-busy={sending}>
        {visible.map((field) => (
          <ContactUsField
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={shown[field.name]}
            onChange={(value) => onChange(field.name, value)}
            onBlur={() => onBlur(field.name)}
          />
        ))}
        <p id="contactus-send-hint" className="contactus__hint">
          {canSend ? '' : heContactUs.fillAll}
        </p>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={!canSend}
          aria-describedby="contactus-send-hint"
        >
          {sending ? heContactUs.sending : heContactUs.send}
        </button>
      </form>
      {message && (
        <Popup header={message.title} size={RESULT_SIZE} onClose={closeResult}>
          <div className="contactus__result" role={result === 'failed' ? 'alert' : 'status'}>
            <p>{message.content}</p>
            <button
              type="button"
              className="btn btn--primary"
              disabled={sending}
              onClick={() => (result === 'failed' ? void send() : closeResult())}
            >
              {sending ? heContactUs.sending : message.buttonTitle}
            </button>
          </div>
        </Popup>
      )}
    </section>
  );
}
