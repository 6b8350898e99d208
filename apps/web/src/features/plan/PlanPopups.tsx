import type { PaymentChannel } from '@app/contract/orders';
import { hePlan } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { Link } from '../../shared/routing/index.ts';
import { formatShekels } from './price.ts';

/** Choose payment type (spec §4 "Payment type popup"): card or the mobile-payment app (hidden for EasyStart). */
export function PaymentTypePopup(props: {
  channels: PaymentChannel[];
  starting: boolean;
  error?: string | undefined;
  onChoose: (channel: PaymentChannel) => void;
  onClose: () => void;
}) {
  const t = hePlan.paymentType;
  return (
    <Popup header={t.header} size={{ width: 420 }} onClose={props.onClose} className="payment-type">
      <div className="payment-type__choices">
        {props.channels.map((channel) => (
          <button
            key={channel}
            type="button"
            className="btn btn--secondary payment-type__choice"
            disabled={props.starting}
            aria-busy={props.starting || undefined}
            data-testid={`pay-${channel}`}
            onClick={() => props.onChoose(channel)}
          >
            {channel === 'creditCard' ? t.card : t.app}
          </button>
        ))}
      </div>
      <OpeningStatus starting={props.starting} error={props.error} />
    </Popup>
  );
}

/** The free-first-week offer of EasyStart (spec §4 "EasyStart"). */
export function TrialPopup(props: {
  days: number;
  endDate: string;
  price: number;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const t = hePlan.trial;
  const [before, after] = t.endDate.split('{date}');
  return (
    <Popup header={t.header} size={{ width: 480 }} onClose={props.onDecline} className="offer-popup">
      <p>{t.text(props.days)}</p>
      <p>
        {before}
        <bdi dir="ltr" data-testid="trial-end">
          {props.endDate}
        </bdi>
        {after}
      </p>
      {props.price > 0 && <p>{t.price(formatShekels(props.price))}</p>}
      <p className="offer-popup__note">{t.note}</p>
      <OfferActions accept={t.accept} decline={t.decline} onAccept={props.onAccept} onDecline={props.onDecline} />
    </Popup>
  );
}

/** The auto-bump offer after a free finish (spec §4 "Auto-bump offer", §9: every 4 hours for 7 days). */
export function AutoBumpPopup(props: { price: number; onAccept: () => void; onReject: () => void }) {
  const t = hePlan.autoBump;
  return (
    <Popup header={t.header} size={{ width: 480 }} onClose={props.onReject} className="offer-popup">
      <p>{t.text}</p>
      <p className="offer-popup__price" data-testid="auto-bump-price">
        {t.price(formatShekels(props.price))}
      </p>
      <OfferActions accept={t.accept} decline={t.reject} onAccept={props.onAccept} onDecline={props.onReject} />
    </Popup>
  );
}

/** The plan step's buy-package contact choice: the buy-package form on /packages, with the package and the ad. */
export function ContactPopup(props: { to: string; onClose: () => void }) {
  const t = hePlan.contactPackage;
  return (
    <Popup header={t.header} size={{ width: 480 }} onClose={props.onClose}>
      <p>{t.text}</p>
      <Link to={props.to} className="btn btn--primary" data-autofocus>
        {t.contact}
      </Link>
    </Popup>
  );
}

/** A payment choice's progress: the payment page is opening, or why it did not open. */
export function OpeningStatus(props: { starting: boolean; error?: string | undefined }) {
  return (
    <>
      {props.starting && (
        <p className="payment-type__status" role="status">
          {hePlan.paymentType.opening}
        </p>
      )}
      {props.error && (
        <p className="plan__error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}

/** An offer's two answers: take it (focused first) or not. */
function OfferActions(props: { accept: string; decline: string; onAccept: () => void; onDecline: () => void }) {
  return (
    <div className="offer-popup__actions">
      <button type="button" className="btn btn--primary" data-autofocus onClick={props.onAccept}>
        {props.accept}
      </button>
      <button type="button" className="btn btn--secondary" onClick={props.onDecline}>
        {props.decline}
      </button>
    </div>
  );
}
