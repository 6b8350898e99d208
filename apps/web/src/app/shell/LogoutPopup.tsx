import { useState } from 'react';
import { GUEST, logout } from '../../shared/api/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { APP_EVENTS, postAppEvent } from '../../shared/native-app/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import '../../shared/popups/confirmPopup.css';

/** Logout confirmation, 450×196 (90% on mobile). On success the customer becomes a guest. */
export default function LogoutPopup({ onClose }: { onClose: () => void }) {
  const { setCustomer } = useCustomer();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    if (await logout()) {
      // Inside the native app the wrapper ends its own session too (spec §6).
      postAppEvent(APP_EVENTS.logout);
      setCustomer(GUEST);
      onClose();
    } else {
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <Popup header={he.logoutPopup.header} size={{ width: 450, height: 196 }} onClose={onClose}>
      <p className="confirm-popup__text">{he.logoutPopup.text}</p>
      {failed && (
        <p className="confirm-popup__error" role="alert">
          {he.logoutPopup.failed}
        </p>
      )}
      <div className="confirm-popup__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void confirm()}
          disabled={busy}
          data-autofocus
        >
          {he.logoutPopup.confirm}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {he.common.cancel}
        </button>
      </div>
    </Popup>
  );
}
