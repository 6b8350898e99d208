import { useState } from 'react';
import { GUEST, logout } from '../api/auth.ts';
import { APP_EVENTS, postAppEvent } from '../app/appEvents.ts';
import { useCustomer } from '../app/CustomerContext.tsx';
import { he } from '../i18n/he.ts';
import { Popup } from './Popup.tsx';
import './confirmPopup.css';

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
