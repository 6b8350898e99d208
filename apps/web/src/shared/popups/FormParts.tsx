/**
 * The parts every form popup shows the same way: the send button (busy while sending), the note that sending
 * failed, and the thank-you that follows a sent form; and the popup that puts them together.
 */
import type { FormEvent, ReactNode } from 'react';
import { Popup } from './Popup.tsx';
import type { PopupSize } from './popupSize.ts';
import type { FormPopupState } from './useFormPopup.ts';

/** The submit button: disabled and busy while the form is being sent, with the sending text then. */
export function SendButton(props: {
  sending: boolean;
  label: string;
  sendingLabel: string;
  /** Also disabled (a required field still empty). */
  disabled?: boolean;
  /** As wide as the form. */
  block?: boolean;
}) {
  return (
    <button
      type="submit"
      className={props.block ? 'btn btn--primary btn--block' : 'btn btn--primary'}
      disabled={props.sending || props.disabled}
      aria-busy={props.sending || undefined}
    >
      {props.sending ? props.sendingLabel : props.label}
    </button>
  );
}

/** Sending failed: said at once to a screen reader, with what was typed kept in the form above. */
export function FailedNote(props: { failed: boolean; text: string; className: string }) {
  return (
    <div aria-live="assertive">
      {props.failed && (
        <p className={props.className} role="alert">
          {props.text}
        </p>
      )}
    </div>
  );
}

/** The thank-you of a sent form: its text and one button, focused, that closes it (or moves on). */
export function FormThanks(props: {
  testId: string;
  text: string;
  button: string;
  onClose: () => void;
  className?: string;
  textClassName?: string;
}) {
  return (
    <div className={props.className} data-testid={props.testId}>
      <p className={props.textClassName}>{props.text}</p>
      <button type="button" className="btn btn--primary" data-autofocus="" onClick={props.onClose}>
        {props.button}
      </button>
    </div>
  );
}

/** Class names of a form popup's parts: the form, its failure note, the thank-you and its text. */
interface FormPopupClasses {
  form?: string;
  failed: string;
  thanks?: string;
  thanksText?: string;
}
const CONFIRM_CLASSES: FormPopupClasses = { failed: 'confirm-popup__error', thanksText: 'confirm-popup__text' };

/** A form popup's words: the form's heading and intro, its button, the failure; then the thank-you's. */
export interface FormPopupTexts {
  header: string;
  intro: string;
  send: string;
  sending: string;
  failed: string;
  thanksHeader: string;
  thanksText: string;
  /** The thank-you's button. */
  close: string;
}

/**
 * A lead or report form in a popup that becomes its thank-you once sent (one popup, one history entry: the focus
 * moves along): the form with its fields (`children`), the failed note, the send button and any other actions; then
 * the thank-you's heading, text and button (`onDone`).
 */
export function FormPopup(props: {
  form: { state: FormPopupState; submit: (event: FormEvent) => void };
  texts: FormPopupTexts;
  size?: PopupSize | undefined;
  thanksSize: PopupSize;
  fieldId: string;
  testId: string;
  /** Closed while the form shows. */
  onCancel: () => void;
  /** The thank-you was closed. */
  onDone: () => void;
  /** The send button waits for this (a required field still empty). */
  sendDisabled?: boolean;
  /** A confirm popup's by default. */
  classes?: FormPopupClasses;
  /** Beside the send button (a cancel button). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { form, texts, classes = CONFIRM_CLASSES } = props;
  const sent = form.state === 'thanks';
  const send = (
    <SendButton
      sending={form.state === 'sending'}
      disabled={props.sendDisabled}
      label={texts.send}
      sendingLabel={texts.sending}
    />
  );
  return (
    <Popup
      header={sent ? texts.thanksHeader : texts.header}
      subheader={sent ? undefined : texts.intro}
      size={sent ? props.thanksSize : props.size}
      onClose={sent ? props.onDone : props.onCancel}
      fieldId={props.fieldId}
    >
      {sent ? (
        <FormThanks
          testId={`${props.testId}-thanks`}
          text={texts.thanksText}
          button={texts.close}
          onClose={props.onDone}
          className={classes.thanks}
          textClassName={classes.thanksText}
        />
      ) : (
        <form className={classes.form} noValidate onSubmit={form.submit} data-testid={`${props.testId}-form`}>
          {props.children}
          <FailedNote failed={form.state === 'failed'} text={texts.failed} className={classes.failed} />
          {props.actions ? (
            <div className="confirm-popup__actions">
              {send}
              {props.actions}
            </div>
          ) : (
            send
          )}
        </form>
      )}
    </Popup>
  );
}
