import type { ChooseOrderTypeMode, OrderTypeItem } from '@app/contract/orders';
import { useId } from 'react';
import { hePlan } from '../../shared/i18n/index.ts';
import { formatShekels, trackPrice } from './price.ts';

export interface TrackCardProps {
  track: OrderTypeItem;
  mode: ChooseOrderTypeMode;
  free: boolean;
  disabled: boolean;
  busy: boolean;
  /** Mobile and tablet: the details fold (accordion); desktop shows them always. */
  compact: boolean;
  expanded: boolean;
  onToggle: () => void;
  onChoose: () => void;
}

/** dd-mm-yyyy (the package's EndDate) as dd/mm/yyyy. */
function displayDate(value: string): string {
  return value.replaceAll('-', '/');
}

/** One track (spec §3 "Order type (track) item"): header, price per days, bullets, the button. */
export function TrackCard(props: TrackCardProps) {
  const { track, mode, free, disabled, busy, compact, expanded } = props;
  const id = useId();
  const price = trackPrice(track, free);
  const showDetails = !compact || expanded;
  const name = track.headerText || track.title;
  // A package the customer holds is paid for already: what is left in it, not a price.
  const held = mode === 'fromPackage' && track.left !== undefined;
  return (
    <li
      className={`track track--${track.dealColor}${track.recommended ? ' track--recommended' : ''}${track.vipStyle ? ' track--vip-style' : ''}`}
      data-testid={`track-${track.adType}`}
      aria-labelledby={`${id}-name`}
    >
      {track.recommended && <span className="track__badge">{hePlan.recommended}</span>}
      {track.vipStyle && (
        <span className="track__vip" aria-hidden="true">
          VIP
        </span>
      )}
      <div className="track__head">
        <h3 id={`${id}-name`} className="track__name">
          {name}
        </h3>
        {held ? (
          <p className="track__price">{hePlan.paidPackage}</p>
        ) : (
          <p className="track__price">
            <bdi className="track__amount">{price.amount}</bdi>
            {price.per && <span className="track__per"> {price.per}</span>}
          </p>
        )}
        {!held && !free && track.priceNotTax > 0 && (
          <p className="track__novat">{hePlan.priceNoVat(formatShekels(track.priceNotTax))}</p>
        )}
        {track.giftedDays > 0 && <p className="track__gift">{hePlan.giftedDays(track.giftedDays)}</p>}
        {held && track.left !== undefined && (
          <p className="track__left" data-testid="track-left">
            {track.left > 0 ? hePlan.left(track.left) : hePlan.noneLeft}
          </p>
        )}
        {track.packageInfo?.EndDate && (
          <p className="track__ends">
            {hePlan.packageEnds}
            <bdi dir="ltr">{displayDate(track.packageInfo.EndDate)}</bdi>
          </p>
        )}
      </div>
      {compact && track.description_inner.length > 0 && (
        <button
          type="button"
          className="btn btn--link track__toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-details`}
          onClick={props.onToggle}
        >
          {hePlan.details}
        </button>
      )}
      {track.description_inner.length > 0 && (
        <ul id={`${id}-details`} className="track__bullets" hidden={!showDetails}>
          {track.description_inner.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn--primary track__choose"
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-describedby={`${id}-name`}
        onClick={props.onChoose}
      >
        {track.buttonText || hePlan.choose}
      </button>
    </li>
  );
}
