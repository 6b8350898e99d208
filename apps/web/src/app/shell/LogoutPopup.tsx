import { useState } from 'react';
import { GUEST, logout } from '../../shared/api/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { APP_EVENTS, postAppEvent } from '../../shared/native-app/index.ts';
import { ConfirmPopup } from '../../shared/popups/index.ts';
import { useCustomer } from '../../shared/session/index.ts';

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
    <ConfirmPopup
      header={he.logoutPopup.header}
      text={he.logoutPopup.text}
      onClose={onClose}
      busy={busy}
      failed={failed && he.logoutPopup.failed}
      confirm={{ text: he.logoutPopup.confirm, onClick: () => void confirm(), focused: true }}
      cancel={{ text: he.common.cancel, onClick: onClose }}
    />
  );
}
