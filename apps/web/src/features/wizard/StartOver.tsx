import { useState } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import '../../shared/popups/confirmPopup.css';

/**
 * "התחלה מחדש": the spec's 'delete ad details' link with its confirm popup (300 × 122). Confirming deletes
 * the draft on the server (reset-ad) and starts the category again.
 */
export function StartOver({ onConfirm, disabled }: { onConfirm: () => Promise<boolean>; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    const ok = await onConfirm();
    setBusy(false);
    if (ok) setOpen(false);
    else setFailed(true);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--link start-over"
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="start-over"
      >
        {he.wizard.startOver}
      </button>
      {open && (
        <Popup header={he.wizard.startOverHeader} size={{ width: 300, height: 122 }} onClose={() => setOpen(false)}>
          <p className="confirm-popup__text">{he.wizard.startOverText}</p>
          {failed && (
            <p className="confirm-popup__error" role="alert">
              {he.wizard.startOverFailed}
            </p>
          )}
          <div className="confirm-popup__actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void confirm()}>
              {he.wizard.startOverConfirm}
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setOpen(false)} data-autofocus>
              {he.common.cancel}
            </button>
          </div>
        </Popup>
      )}
    </>
  );
}
