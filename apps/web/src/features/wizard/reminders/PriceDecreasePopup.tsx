import { heReminders } from '../../../shared/i18n/index.ts';
import { Popup } from '../../../shared/popups/index.ts';
import '../../../shared/popups/confirmPopup.css';

const w = heReminders.decrease;

/**
 * The price-decrease suggestion (publish-wizard.md §4, after-save-area.md §4): in edit, an ad of order type 1 whose
 * price went down is offered an upgrade instead (my-ads with the upgrade parameter), or the edit is saved as is.
 */
export function PriceDecreasePopup(props: { adId: string; onContinue: () => void; onClose: () => void }) {
  return (
    <Popup header={w.header} onClose={props.onClose} fieldId="price" size={{ width: 450 }}>
      <div data-testid="price-decrease">
        <p className="confirm-popup__text">{w.text}</p>
        <div className="confirm-popup__actions">
          <a className="btn btn--primary" href={`/my-ads?upgrade=${encodeURIComponent(props.adId)}`} data-autofocus="">
            {w.upgrade}
          </a>
          <button type="button" className="btn btn--secondary" onClick={props.onContinue}>
            {w.continue}
          </button>
        </div>
      </div>
    </Popup>
  );
}
