import { appTakesPersonalArea } from '../app/appEvents.ts';
import { externalUrl, useExternalLinks } from '../app/useExternalLinks.ts';
import { he } from '../i18n/he.ts';
import { Popup } from './Popup.tsx';
import './confirmPopup.css';

/** Quit-publishing popup: leave (to the personal-area main page; the draft stays on the server) or stay. */
export default function QuitPublishPopup({ onClose }: { onClose: () => void }) {
  const links = useExternalLinks();
  const exit = () => {
    // Inside the native app its own personal area opens (onPersonalArea).
    if (appTakesPersonalArea()) return onClose();
    window.location.assign(externalUrl(links, 'personalArea') ?? '/');
  };
  return (
    <Popup header={he.quitPopup.header} size={{ width: 450, height: 196 }} onClose={onClose}>
      <p className="confirm-popup__text">{he.quitPopup.text}</p>
      <div className="confirm-popup__actions">
        <button type="button" className="btn btn--primary" onClick={exit}>
          {he.quitPopup.exit}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose} data-autofocus>
          {he.quitPopup.stay}
        </button>
      </div>
    </Popup>
  );
}
