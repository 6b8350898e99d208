import { externalUrl, useExternalLinks } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { appTakesPersonalArea } from '../../shared/native-app/index.ts';
import { ConfirmPopup } from '../../shared/popups/index.ts';

/** Quit-publishing popup: leave (to the personal-area main page; the draft stays on the server) or stay. */
export default function QuitPublishPopup({ onClose }: { onClose: () => void }) {
  const links = useExternalLinks();
  const exit = () => {
    // Inside the native app its own personal area opens (onPersonalArea).
    if (appTakesPersonalArea()) return onClose();
    window.location.assign(externalUrl(links, 'personalArea') ?? '/');
  };
  return (
    <ConfirmPopup
      header={he.quitPopup.header}
      text={he.quitPopup.text}
      onClose={onClose}
      confirm={{ text: he.quitPopup.exit, onClick: exit }}
      cancel={{ text: he.quitPopup.stay, onClick: onClose, focused: true }}
    />
  );
}
