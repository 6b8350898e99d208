import { he } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import '../../shared/popups/confirmPopup.css';

export interface SaveFailure {
  /** The reference of the failure: the server's (logged with the error), or one made here when none came. */
  hash: string;
  /** The server's mainError text, when it gave one. */
  message?: string | undefined;
}

/**
 * The generic publish failure popup (after-save-area.md §8): 'משהו השתבש בדרך', an apology, the failure's hash
 * and a button home. It cannot be closed: no close button, and neither Esc, the overlay nor browser back.
 */
export function SaveFailedPopup({ failure }: { failure: SaveFailure }) {
  const text = he.wizard.failurePopup;
  return (
    <Popup header={text.header} size={{ width: 450, height: 260 }} persistent onClose={() => undefined}>
      <p className="confirm-popup__text">{text.text}</p>
      {failure.message && <p className="confirm-popup__text">{failure.message}</p>}
      <p className="confirm-popup__text" data-testid="failure-hash">
        {text.hash} <bdi dir="ltr">{failure.hash}</bdi>
      </p>
      <div className="confirm-popup__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.assign('/')} data-autofocus>
          {text.home}
        </button>
      </div>
    </Popup>
  );
}
