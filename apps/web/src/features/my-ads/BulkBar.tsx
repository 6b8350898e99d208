/**
 * One action on several ads of /my-ads: "choose all shown", how many are chosen, and the actions (bump and renew,
 * offered while a chosen ad allows them; hide from the site, show again, delete after the product's confirm popup).
 * The server answers each ad on its own; the summary says how many were done and how many refused, and each ad shows
 * its own result (MyAdsPage).
 */
import { MY_ADS_ACTIONS } from '@app/contract/myAds';
import type { MyAdsAction, MyAdsBulkResult } from '@app/contract/schemas/myAds';
import { useEffect, useRef, useState } from 'react';
import { hePackages } from '../../shared/i18n/index.ts';
import { ConfirmPopup } from '../../shared/popups/index.ts';

const t = hePackages.myAds.tools;
/** The actions the bar offers only while a chosen ad allows them (its track's bump or renewal). */
const OFFERED_WHEN_ALLOWED: ReadonlySet<MyAdsAction> = new Set(['bump', 'renew']);

export function BulkBar(props: {
  shownIds: readonly number[];
  chosen: ReadonlySet<number>;
  onChoose: (ids: ReadonlySet<number>) => void;
  /** The actions some chosen ad allows (the server's `actions` of each ad). */
  allowed: ReadonlySet<MyAdsAction>;
  /** Carries the action out; false when the call failed (nothing to show per ad). */
  onAct: (action: MyAdsAction) => Promise<boolean>;
  /** The last action's answer per ad. */
  results: readonly MyAdsBulkResult[];
}) {
  const { shownIds, chosen } = props;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const allChosen = shownIds.length > 0 && shownIds.every((id) => chosen.has(id));
  // A bump or a renewal clears the choice, and its button goes with it: the keyboard's place moves to the summary.
  const summary = useRef<HTMLParagraphElement>(null);
  const [toSummary, setToSummary] = useState(false);
  useEffect(() => {
    if (!toSummary || !summary.current) return;
    summary.current.focus();
    setToSummary(false);
  }, [toSummary]);

  const run = async (action: MyAdsAction) => {
    setBusy(true);
    setFailed(false);
    const ok = await props.onAct(action);
    setBusy(false);
    setFailed(!ok);
    if (ok) setConfirming(false);
    if (ok && OFFERED_WHEN_ALLOWED.has(action)) setToSummary(true);
  };

  const done = props.results.filter((r) => r.done).length;
  return (
    <section className="my-ads-bulk card" aria-label={t.actionsLabel} data-testid="my-ads-bulk">
      <div className="my-ads-bulk__choose">
        <input
          id="my-ads-choose-all"
          type="checkbox"
          checked={allChosen}
          onChange={() => props.onChoose(allChosen ? new Set() : new Set(shownIds))}
          data-testid="my-ads-choose-all"
        />
        <label htmlFor="my-ads-choose-all">{t.chooseAll}</label>
      </div>
      <p className="my-ads-bulk__count" aria-live="polite" data-testid="my-ads-chosen">
        {t.chosen(chosen.size)}
      </p>
      <div className="my-ads-bulk__actions">
        {MY_ADS_ACTIONS.filter((action) => !OFFERED_WHEN_ALLOWED.has(action) || props.allowed.has(action)).map(
          (action) => (
            <button
              key={action}
              type="button"
              className={action === 'delete' ? 'btn btn--secondary my-ads-bulk__delete' : 'btn btn--secondary'}
              disabled={chosen.size === 0 || busy}
              onClick={() => (action === 'delete' ? setConfirming(true) : void run(action))}
              data-testid={`my-ads-bulk-${action}`}
            >
              {action === 'delete' || !busy ? t.actions[action] : t.working}
            </button>
          ),
        )}
      </div>
      {failed && !confirming && (
        <p className="my-ads-bulk__failed" role="alert">
          {t.failed}
        </p>
      )}
      {props.results.length > 0 && (
        <p className="my-ads-bulk__summary" role="status" tabIndex={-1} ref={summary} data-testid="my-ads-bulk-summary">
          {t.summary(done, props.results.length - done)}
        </p>
      )}
      {confirming && (
        <ConfirmPopup
          header={t.deleteHeader}
          text={t.deleteText(chosen.size)}
          onClose={() => setConfirming(false)}
          busy={busy}
          failed={failed && t.failed}
          confirm={{ text: t.deleteConfirm, onClick: () => void run('delete'), testId: 'my-ads-delete-confirm' }}
          cancel={{ text: t.deleteCancel, onClick: () => setConfirming(false), focused: true }}
        />
      )}
    </section>
  );
}
