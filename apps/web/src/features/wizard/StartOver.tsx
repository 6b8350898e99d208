import { useState } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { ConfirmPopup } from '../../shared/popups/index.ts';

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
        <ConfirmPopup
          header={he.wizard.startOverHeader}
          text={he.wizard.startOverText}
          size={{ width: 300, height: 122 }}
          onClose={() => setOpen(false)}
          busy={busy}
          failed={failed && he.wizard.startOverFailed}
          confirm={{ text: he.wizard.startOverConfirm, onClick: () => void confirm() }}
          cancel={{ text: he.common.cancel, onClick: () => setOpen(false), focused: true }}
        />
      )}
    </>
  );
}
