import { Popup } from './Popup.tsx';
import type { PopupSize } from './popupSize.ts';
import './confirmPopup.css';

/** One of a confirm popup's two buttons. */
export interface ConfirmChoice {
  text: string;
  onClick: () => void;
  /** Gets the focus when the popup opens (the safe choice). */
  focused?: boolean;
  testId?: string;
}

/**
 * A question with two answers: its text, what went wrong when the answer could not be carried out, the answer that
 * goes on (filled; disabled while `busy`) and the one that stays (outlined).
 */
export function ConfirmPopup(props: {
  header: string;
  text: string;
  /** 450×196 unless given (the logout and quit popups' size). */
  size?: PopupSize;
  onClose: () => void;
  confirm: ConfirmChoice;
  cancel: ConfirmChoice;
  busy?: boolean;
  /** Shown (as an alert) when set. */
  failed?: string | false | undefined;
  className?: string;
}) {
  const { confirm, cancel } = props;
  return (
    <Popup
      header={props.header}
      size={props.size ?? { width: 450, height: 196 }}
      onClose={props.onClose}
      className={props.className}
    >
      <p className="confirm-popup__text">{props.text}</p>
      {props.failed && (
        <p className="confirm-popup__error" role="alert">
          {props.failed}
        </p>
      )}
      <div className="confirm-popup__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={props.busy}
          onClick={confirm.onClick}
          data-autofocus={confirm.focused || undefined}
          data-testid={confirm.testId}
        >
          {confirm.text}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={cancel.onClick}
          data-autofocus={cancel.focused || undefined}
          data-testid={cancel.testId}
        >
          {cancel.text}
        </button>
      </div>
    </Popup>
  );
}
