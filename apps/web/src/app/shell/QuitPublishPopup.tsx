import { externalUrl, useExternalLinks } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { appTakesPersonalArea } from '../../shared/native-app/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import '../../shared/popups/confirmPopup.css';

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
