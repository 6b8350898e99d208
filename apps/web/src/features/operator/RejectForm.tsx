/** The reason a moderator refuses one ad or several with: a template from the list, and words of their own. */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { RejectTemplateItem } from '../../shared/api/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { SelectField } from '../../shared/ui/index.ts';
import { ErrorNote } from './parts.tsx';

const t = heOperator.moderation;

export interface RejectReason {
  template: string;
  text: string;
}

/**
 * `send` answers the field errors (or a message) of a refusal, nothing when it went through. Escape or 'ביטול'
 * closes the form without sending.
 */
export function RejectForm(props: {
  templates: readonly RejectTemplateItem[];
  confirmLabel: string;
  send: (reason: RejectReason) => Promise<{ template?: string; text?: string; message?: string } | undefined>;
  onCancel: () => void;
}) {
  const [template, setTemplate] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ template?: string; text?: string; message?: string }>({});
  const textId = useId();
  // Opened by a press (or the R key): the reason's list takes the focus, so the keyboard goes on from there.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector('select')?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const failed = await props.send({ template, text });
    setBusy(false);
    setErrors(failed ?? {});
  };
  return (
    <form
      ref={form}
      className="moderation__reject"
      noValidate
      onSubmit={submit}
      aria-label={t.rejectTitle}
      data-testid="reject-form"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          props.onCancel();
        }
      }}
    >
      <ErrorNote text={errors.message} />
      <SelectField
        label={t.rejectTemplate}
        value={template}
        onChange={setTemplate}
        options={[
          { value: '', text: t.chooseTemplate },
          ...props.templates.map((x) => ({ value: x.id, text: x.text })),
        ]}
        error={errors.template}
      />
      <div className="text-field">
        <label htmlFor={textId} className="text-field__label">
          {t.rejectText}
        </label>
        <textarea
          id={textId}
          className="text-field__input moderation__text"
          rows={3}
          maxLength={500}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${textId}-error` : undefined}
        />
        {errors.text && (
          <p id={`${textId}-error`} className="text-field__error">
            {errors.text}
          </p>
        )}
      </div>
      <div className="operator__actions">
        <SendButton sending={busy} label={props.confirmLabel} sendingLabel={t.rejecting} />
        <button type="button" className="btn btn--secondary" onClick={props.onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

/** A refusal's answer as the form's errors: the field errors, else the message; nothing when it went through. */
export function rejectErrors(res: {
  ok: boolean;
  data: { errors?: { fieldName: string; msg: string }[]; message?: string } | null;
}): { template?: string; text?: string; message?: string } | undefined {
  if (res.ok) return undefined;
  const fields = Object.fromEntries((res.data?.errors ?? []).map((e) => [e.fieldName, e.msg]));
  return Object.keys(fields).length ? fields : { message: res.data?.message ?? heOperator.failed };
}
