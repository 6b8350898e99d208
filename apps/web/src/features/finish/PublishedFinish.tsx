import { CAT } from '@app/catalog/categories/ids';
import { adPagePath } from '@app/contract/adPage';
import { finishOutcomeOf } from '@app/contract/analytics';
import type { FinishPageState, TimelineEntry } from '@app/contract/orders';
import { useEffect, useState } from 'react';
import { track } from '../../shared/analytics/index.ts';
import type { ExternalLinks } from '../../shared/api/index.ts';
import { fetchFinishPage } from '../../shared/api/index.ts';
import { formatIsraelDate, htmlToText } from '../../shared/format/index.ts';
import { externalUrl, useExternalLinks, useMediaQuery, usePageTitle } from '../../shared/hooks/index.ts';
import { hePaymentFailure, hePlan } from '../../shared/i18n/index.ts';
import { appTakesPersonalArea } from '../../shared/native-app/index.ts';
import { Link } from '../../shared/routing/index.ts';
import { Alert } from '../../shared/ui/index.ts';
import { carSignPath, openCarSign } from '../car-sign/index.ts';
import { DonationOffer } from '../offers/index.ts';
import { refundText } from '../payment/index.ts';
import { FINISH_POLL_MS, shouldPoll } from '../plan/index.ts';
import { PaymentFailureNotice } from './PaymentFailureNotice.tsx';
import './finishArea.css';

const t = hePlan.finish;

/**
 * Saved → paid → review → live. After a payment that did not go through, the payment step is not lit as the step
 * under way ('payment received'): it says the payment was not completed, as a failed step.
 */
function Timeline({
  entries,
  reason,
  paymentFailed,
}: {
  entries: TimelineEntry[];
  reason?: string | undefined;
  paymentFailed: boolean;
}) {
  const current = entries.findIndex((entry) => !entry.done);
  return (
    <ol className="timeline" aria-label={t.timelineLabel} data-testid="finish-timeline">
      {entries.map((entry, index) => {
        const failed = (paymentFailed && entry.step === 'paid' && !entry.done) || entry.refused === true;
        const kind = entry.done ? 'done' : failed ? 'failed' : index === current ? 'current' : 'todo';
        return (
          <li
            key={entry.step}
            className={`timeline__step timeline__step--${kind}`}
            data-step={entry.step}
            data-done={entry.done}
            data-failed={failed || undefined}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="timeline__dot" aria-hidden="true" />
            <span className="timeline__label">
              {entry.refused ? t.reviewRefused : failed ? hePaymentFailure.paidStepFailed : t.steps[entry.step]}
            </span>
            <span className="visually-hidden">
              {entry.done
                ? t.stepDone
                : entry.refused
                  ? t.stepRefused
                  : failed
                    ? hePaymentFailure.stepFailed
                    : t.stepWaiting}
            </span>
            {index === current && (!failed || entry.refused) && reason && (
              <span className="timeline__reason">{reason}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * /finishArea?…&OrderID=: the end of publishing (after-save-area.md §2 "Finish page variants"): the server's title
 * and message, where the ad stands (saved → paid → review → live, asked again until final), the payment failure
 * message when result=failure (why, what to do, and paying again), the car-sign box on desktop for a car ad, and where to go next.
 */
export function PublishedFinish({ orderId, params }: { orderId: string; params: URLSearchParams }) {
  const cat = params.get('cat');
  const subcat = params.get('subcat');
  const returnedFailed = params.get('result') === 'failure';
  const [page, setPage] = useState<FinishPageState>();
  const [loadFailed, setLoadFailed] = useState(false);
  const desktop = useMediaQuery('(min-width: 881px)');
  const links = useExternalLinks();

  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    let polls = 0;
    let shown = false;
    let reported = false;
    const ask = async () => {
      const outcome = await fetchFinishPage({ OrderID: orderId, cat, subcat }, controller.signal);
      if (controller.signal.aborted) return;
      if (outcome.kind === 'failed') {
        // A failed poll keeps what is shown (and stops asking); only a first failure says so.
        if (!shown) setLoadFailed(true);
        return;
      }
      shown = true;
      setLoadFailed(false);
      setPage(outcome.data);
      // The finish analytics outcome (spec §4), once per page, when the ad has left draft.
      const result = finishOutcomeOf(outcome.data.state);
      if (result && !reported) {
        reported = true;
        track('finish_outcome', {
          cat: outcome.data.CatID,
          ...(outcome.data.SubCatID === null ? {} : { subcat: outcome.data.SubCatID }),
          orderId: Number(orderId),
          outcome: result,
        });
      }
      polls += 1;
      if (shouldPoll(outcome.data.state, polls)) timer = window.setTimeout(() => void ask(), FINISH_POLL_MS);
    };
    void ask();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [orderId, cat, subcat]);

  const carAd = (page?.CatID ?? Number(cat)) === CAT.vehicles;
  // The failure variant: the frame came back with result=failure, or the server knows the last payment failed.
  // It is said once: our title and alert, not the server's title and message (another phone) under them too.
  const failed = returnedFailed || page?.paymentFailed === true;
  const message = page && !failed ? htmlToText(page.finalMessage) : '';
  usePageTitle(failed ? t.paymentFailedTitle : page?.title || t.pageTitle);
  return (
    <section className="finish card" data-testid="finish-published" data-state={page?.state}>
      <span
        className={`finish__icon${failed ? ' finish__icon--failure' : ''}`}
        aria-hidden="true"
        data-testid="finish-icon"
        data-variant={failed ? 'failure' : 'done'}
      >
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
          <path
            d={failed ? 'M12 6v8M12 18v.5' : 'M5 12.5l4.5 4.5L19 7.5'}
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </span>
      <h1 className="page__title">{failed ? t.paymentFailedTitle : page?.title || t.pageTitle}</h1>
      {failed && <PaymentFailureNotice page={page} loadFailed={loadFailed} />}
      {!page && !loadFailed && (
        <p className="page__lead" role="status">
          {t.loading}
        </p>
      )}
      {loadFailed && (
        <p className="page__lead" role="alert">
          {t.loadFailed}
        </p>
      )}
      {page && (
        <>
          {message && <p className="page__lead">{message}</p>}
          {page.refund && (
            <p className="finish__refund" data-testid="finish-refund" data-refund={page.refund.status}>
              {refundText(page.refund)}
            </p>
          )}
          <p>
            {t.adNumber} <bdi>{page.OrderID}</bdi>
          </p>
          <div role="status" aria-live="polite" className="finish__timeline">
            <Timeline entries={page.timeline} reason={page.reason} paymentFailed={failed} />
          </div>
          {page.notice && <Alert alert={page.notice} testId="finish-notice" />}
          {page.state !== 'expired' && (
            <p>
              {/* The ad's page is the server's HTML: a whole page load, not the app's router. */}
              <a href={adPagePath(page.OrderID)} className="btn btn--secondary" data-testid="finish-ad-page">
                {t.viewAd}
              </a>
            </p>
          )}
          {page.state === 'active' && page.endsAt && formatIsraelDate(page.endsAt) && (
            <p className="finish__ends">{t.endsAt(formatIsraelDate(page.endsAt))}</p>
          )}
          {/* The family's board lists every live ad of the category (the server's page: a real page load). */}
          {page.state === 'active' && (
            <p className="finish__board" data-testid="finish-board">
              {t.shownOn} <a href={`/board/${page.CatID}`}>{t.board}</a>
            </p>
          )}
          {!failed && <DonationOffer cat={page.CatID} state={page.state} />}
        </>
      )}
      {desktop && carAd && (
        <aside className="finish__car-sign" aria-labelledby="car-sign-title" data-testid="car-sign">
          <h2 id="car-sign-title">{t.carSignTitle}</h2>
          <p>{t.carSignText}</p>
          <a
            href={carSignPath(orderId)}
            className="btn btn--secondary"
            data-testid="car-sign-link"
            onClick={(event) => {
              // Spec §4, §9: the sign opens in its own 870x605 window; a blocked pop-up falls back to the link.
              if (openCarSign(orderId)) event.preventDefault();
            }}
          >
            {t.carSignLink}
          </a>
        </aside>
      )}
      {/* The links come with the page's answer (or its failure): shown before it, the answer's text pushed them down
          (a layout shift of 0.06 Lighthouse measured). */}
      {(page || loadFailed) && <FinishLinks links={links} quiet={failed && Boolean(page?.payAgainUrl)} />}
    </section>
  );
}

/**
 * Where next: another ad, the user's ads (/my-ads), the old site's personal area when one is configured, home;
 * `quiet` when paying again is the page's main action (all of these are secondary then).
 */
function FinishLinks({ links, quiet }: { links: ExternalLinks; quiet: boolean }) {
  const personalArea = externalUrl(links, 'personalArea');
  return (
    <>
      <h2 className="visually-hidden">{t.linksLabel}</h2>
      <ul className="link-list finish__links">
        <li>
          <Link to="/publish" className={`btn ${quiet ? 'btn--secondary' : 'btn--primary'}`}>
            {t.publishAnother}
          </Link>
        </li>
        <li>
          <Link to="/my-ads" className="btn btn--secondary">
            {t.myAds}
          </Link>
        </li>
        {personalArea && (
          <li>
            <a
              href={personalArea}
              className="btn btn--secondary"
              onClick={(event) => {
                if (appTakesPersonalArea()) event.preventDefault();
              }}
            >
              {t.personalArea}
            </a>
          </li>
        )}
        <li>
          <Link to="/" className="btn btn--secondary">
            {t.home}
          </Link>
        </li>
      </ul>
    </>
  );
}
