/**
 * EasyStart's free week on an ad's row of /my-ads: when the kept card will be charged and for how much, a charge
 * that did not go through and when it is tried again, or the cancellation; while it runs, a cancel button that asks
 * once more before POST /api/my-ads/{id}/easy-start/cancel (the list is then read again).
 */
import type { EasyStartTrial } from '@app/contract/planExtras';
import { useEffect, useRef, useState } from 'react';
import { cancelEasyStart } from '../../shared/api/index.ts';
import { formatIsraelDate, formatPrice } from '../../shared/format/index.ts';
import { hePackages } from '../../shared/i18n/index.ts';

const t = hePackages.myAds.easyStart;

/** The box's sentence: running (or being tried again), or cancelled. */
export function easyStartText(trial: EasyStartTrial): string {
  const date = formatIsraelDate(trial.chargeAt);
  if (trial.status === 'cancelled') return t.cancelled(date);
  if (trial.attempts > 0) {
    const next = new Date(new Date(trial.chargeAt).getTime() + trial.attempts * 24 * 60 * 60_000);
    return t.retrying(formatIsraelDate(next), trial.cardLast4);
  }
  return t.running(date, formatPrice(trial.amountAgorot), trial.cardLast4);
}

export function EasyStartBox({
  adId,
  trial,
  describedBy,
  onChanged,
}: {
  adId: number;
  trial: EasyStartTrial;
  describedBy: string;
  onChanged: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const yesButton = useRef<HTMLButtonElement>(null);
  // The question takes the focus from the button that asked it (which is gone).
  useEffect(() => {
    if (asking) yesButton.current?.focus();
  }, [asking]);

  const cancel = async () => {
    setBusy(true);
    setFailed(false);
    const res = await cancelEasyStart(adId);
    setBusy(false);
    if (res.ok) {
      setAsking(false);
      onChanged();
    } else setFailed(true);
  };

  return (
    <div className="my-ad__easy-start" data-testid="my-ad-easy-start" data-status={trial.status}>
      <p>{easyStartText(trial)}</p>
      {trial.status === 'running' && !asking && (
        <button
          type="button"
          className="btn btn--secondary"
          aria-describedby={describedBy}
          onClick={() => setAsking(true)}
        >
          {t.cancel}
        </button>
      )}
      {trial.status === 'running' && asking && (
        <fieldset className="my-ad__easy-start-confirm">
          <legend>{t.confirm}</legend>
          <button
            ref={yesButton}
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void cancel()}
          >
            {t.confirmYes}
          </button>{' '}
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setAsking(false)}>
            {t.confirmNo}
          </button>
        </fieldset>
      )}
      {failed && <p role="alert">{t.cancelFailed}</p>}
    </div>
  );
}
