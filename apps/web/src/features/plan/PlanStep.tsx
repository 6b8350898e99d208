import { offersAutoBump } from '@app/catalog/autoBump';
import { CAT } from '@app/catalog/categories/ids';
import {
  AUTO_BUMP_HASH,
  type ChooseOrderType,
  type OrderTypeItem,
  type PaymentChannel,
  type PaymentFinishedMessage,
} from '@app/contract/orders';
import type { Broker } from '@app/contract/planExtras';
import { useCallback, useEffect, useRef, useState } from 'react';
import { abTestOn, BROKER_LEAD_TEST, overridesOf, rememberedOverrides } from '../../shared/analytics/index.ts';
import {
  fetchOrderTypes,
  fetchRelatedBrokers,
  finishPublish,
  newIdempotencyKey,
  type Outcome,
  startAppPayment,
  startAutoBumpPayment,
  startCardPayment,
  startPackagePayment,
} from '../../shared/api/index.ts';
import { useMediaQuery } from '../../shared/hooks/index.ts';
import { hePlan } from '../../shared/i18n/index.ts';
import { postAppEvent } from '../../shared/native-app/index.ts';
import { assignLocation, sameOriginPath, useNavigate } from '../../shared/routing/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { SameAdsCounters } from '../counts/index.ts';
import { PlanInfoLinks } from '../offers/index.ts';
import { frameableUrl, PaymentFramePopup } from '../payment/index.ts';
import { isAppUpgradeDisabled } from './appUpgrade.ts';
import { BrokerLeadPopup } from './BrokerLeadPopup.tsx';
import { CommercialFlow } from './CommercialPopups.tsx';
import {
  finishAreaPath,
  isFreeTrack,
  isTrackBlocked,
  packageFormPath,
  paymentChannels,
  trackAction,
  trialEndDate,
} from './flow.ts';
import { AutoBumpPopup, ContactPopup, PaymentTypePopup, TrialPopup } from './PlanPopups.tsx';
import { brokerLeadFirst, type LeadEnd, leadFailedFlag } from './sideFlows.ts';
import { TrackCard } from './TrackCard.tsx';
import './plan.css';
import { trackPlanChosen } from '../../shared/analytics/index.ts';

/** Spec §9: mobile and tablet are 880 px wide or less. */
const COMPACT_QUERY = '(max-width: 880px)';
/** Spec §2, §9: the screen scrolls into view 300 ms after the save. */
const SCROLL_DELAY_MS = 300;

export interface PlanStepProps {
  orderId: number;
  recordId: number;
  /** The wizard's query (cat, subcat, OrderIDs…): the finish page is reached with it. */
  params: URLSearchParams;
  /** save-ad's chooseOrderType; without it (a reload) the tracks are fetched. */
  initial?: ChooseOrderType | undefined;
  /** The ad was saved just now (not a reload): the screen scrolls into view. */
  justSaved: boolean;
}

/** What is paid for: a track of the ad, the auto-bump add-on after a free finish, or a package. */
type PayTarget =
  | { kind: 'track'; track: OrderTypeItem; trial: boolean }
  | { kind: 'autoBump'; after: string }
  | { kind: 'package'; track: OrderTypeItem };

type Popup =
  | { name: 'none' }
  | { name: 'paymentType'; target: PayTarget }
  | { name: 'trial'; track: OrderTypeItem }
  | { name: 'frame'; target: PayTarget; channel: PaymentChannel; url: string; suspected: boolean }
  | { name: 'autoBump'; after: string; priceAgorot: number }
  | { name: 'contact'; track: OrderTypeItem }
  | { name: 'brokerLead'; track: OrderTypeItem; brokers: Broker[]; cityName: string | null }
  | { name: 'commercial'; track: OrderTypeItem };

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: ChooseOrderType };

const num = (value: string | null): number | null => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isNaN(n) ? null : n;
};

/**
 * The choose-order-type screen (after-save-area.md §2, §4): the tracks (or packages) of the saved ad, and the
 * flows they start: a free finish (then the auto-bump offer), paying by card or app in a popup frame, the free
 * trial, the native app's upgrade request, the commercial route.
 */
export default function PlanStep({ orderId, recordId, params, initial, justSaved }: PlanStepProps) {
  const navigate = useNavigate();
  const { customer } = useCustomer();
  // The broker-lead experiment (shared/analytics/abTests.ts), decided once per plan step.
  const [brokerLeadOn] = useState(() =>
    abTestOn(BROKER_LEAD_TEST, customer.id, {
      ...rememberedOverrides(),
      ...overridesOf(new URLSearchParams(window.location.search)),
    }),
  );
  const compact = useMediaQuery(COMPACT_QUERY);
  const [load, setLoad] = useState<Load>(initial ? { state: 'ready', data: initial } : { state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [popup, setPopup] = useState<Popup>({ name: 'none' });
  const [busy, setBusy] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();
  const [nextAd, setNextAd] = useState(false);
  const [expanded, setExpanded] = useState<string>();
  // One request per press: a second click while one is on its way does nothing.
  const inFlight = useRef(false);
  const root = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once per ad and per retry
  useEffect(() => {
    if (load.state === 'ready' || (initial && attempt === 0)) return;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    void fetchOrderTypes(orderId, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      setLoad(outcome.kind === 'ok' ? { state: 'ready', data: outcome.data } : { state: 'failed' });
    });
    return () => controller.abort();
  }, [orderId, attempt]);

  // Scrolled into view 300 ms after the save (or once the tracks are there, when they had to be fetched).
  const ready = load.state === 'ready';
  useEffect(() => {
    if (!justSaved || !ready) return;
    const timer = window.setTimeout(
      () => root.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      SCROLL_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [justSaved, ready]);

  const data = load.state === 'ready' ? load.data : undefined;
  // "Pay again" from the finish page of a payment that did not go through (payAgain={track hash}): the parameter
  // leaves the URL first (a reload, or the popup's own history entry, does not open it again), then the payment
  // choice of that track opens as if it had been pressed.
  const payAgainHash = params.get('payAgain');
  const payAgain = useRef<OrderTypeItem | null>(null);
  const cat = data?.adData.CatID ?? num(params.get('cat')) ?? 0;
  const subcat = data ? data.adData.SubCatID : num(params.get('subcat'));
  const ids = {
    OrderID: orderId,
    RecordID: data?.adData.RecordID ?? recordId,
    CatID: cat,
    SubCatID: subcat,
  };

  const toFinish = useCallback(
    (extra: Record<string, string> = {}) => navigate(finishAreaPath(params, orderId, extra)),
    [navigate, params, orderId],
  );

  /** Follows finish-publish's redirect (same origin only), else the finish area. */
  const goOn = useCallback(
    (redirect: string | undefined) => {
      const path = sameOriginPath(redirect);
      if (path) navigate(path);
      else toFinish();
    },
    [navigate, toFinish],
  );

  const finish = async (track: OrderTypeItem, withPackage: boolean, lead?: LeadEnd) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    const continueNext = cat === CAT.secondHand && nextAd;
    const outcome = await finishPublish({
      ...ids,
      order_subscribe: track.order_subscribe,
      orderType: track.adType,
      ...(continueNext ? { continuePublishNewAd: true } : {}),
      ...(withPackage ? { pt_hash: track.hash } : {}),
      ...(lead ? leadFailedFlag(lead) : {}),
    });
    inFlight.current = false;
    setBusy(false);
    if (outcome.kind === 'failed') {
      setError(Object.values(outcome.errors ?? {})[0] ?? hePlan.publishFailed);
      return;
    }
    for (const event of outcome.data.events ?? []) postAppEvent(event, { OrderID: orderId });
    const redirect = outcome.data.redirect;
    // Spec §4: after a free finish (not from a package, not on to the next ad) the auto-bump offer opens.
    const autoBumpPrice = data?.autoBumpPriceAgorot;
    if (!withPackage && !continueNext && !isAppUpgradeDisabled() && offersAutoBump(cat, subcat) && autoBumpPrice) {
      const after = sameOriginPath(redirect) ?? finishAreaPath(params, orderId);
      setPopup({ name: 'autoBump', after, priceAgorot: autoBumpPrice });
      return;
    }
    // Cat 3 'next ad': the publish flow reloads at step 1 with OrderIDs (spec §2), a fresh wizard, not this one.
    const path = sameOriginPath(redirect);
    if (continueNext && path) {
      // After the pop of a popup closed just before (the broker-lead thanks), or the pop would cancel the load.
      assignLocation(path);
      return;
    }
    goOn(redirect);
  };

  /**
   * A free real-estate sale with the experiment on (spec §4): the brokers of the ad's city first; none there, or
   * their fetch failing (swallowed), finishes straight away.
   */
  const startBrokerLead = async (track: OrderTypeItem) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    const related = await fetchRelatedBrokers(orderId);
    inFlight.current = false;
    setBusy(false);
    if (!related || related.brokers.length === 0) return void finish(track, false, 'noBrokers');
    setPopup({ name: 'brokerLead', track, brokers: related.brokers, cityName: related.cityName });
  };

  const choose = (track: OrderTypeItem) => {
    if (!data) return;
    const action = trackAction(track, { mode: data.mode, busy, appWithoutUpgrade: isAppUpgradeDisabled() });
    if (action.kind !== 'blocked')
      trackPlanChosen(
        cat,
        subcat ?? undefined,
        { adType: track.adType, hash: track.hash, paid: track.price > 0 },
        orderId,
      );
    switch (action.kind) {
      case 'blocked':
        return;
      case 'free':
        if (brokerLeadFirst(cat, subcat, brokerLeadOn)) return void startBrokerLead(track);
        return void finish(track, false);
      case 'usePackage':
        return void finish(track, true);
      case 'buyPackage':
        if (action.through === 'contact') return setPopup({ name: 'contact', track });
        return setPopup({ name: 'paymentType', target: { kind: 'package', track } });
      case 'nativeApp':
        postAppEvent('adUpgradeRequested', { catId: cat, subCatId: subcat, clickedAdType: track.adType });
        return;
      case 'commercial':
        return setPopup({ name: 'commercial', track });
      case 'easyStart':
        return setPopup({ name: 'trial', track });
      case 'pay':
        return setPopup({ name: 'paymentType', target: { kind: 'track', track, trial: false } });
    }
  };

  const startPayment = async (target: PayTarget, channel: PaymentChannel) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStarting(true);
    setError(undefined);
    const idempotencyKey = newIdempotencyKey();
    let outcome: Outcome<string>;
    let suspected = false;
    if (target.kind === 'autoBump') {
      outcome = await startAutoBumpPayment(orderId, { packageHash: AUTO_BUMP_HASH, channel, idempotencyKey });
    } else if (target.kind === 'package') {
      outcome = await startPackagePayment(orderId, { packageHash: target.track.hash, channel, idempotencyKey });
    } else {
      const body = { ...ids, pt_hash: target.track.hash, idempotencyKey };
      const started = channel === 'creditCard' ? await startCardPayment(body) : await startAppPayment(body);
      outcome = started.kind === 'ok' ? { kind: 'ok', data: started.data.url } : started;
      suspected = started.kind === 'ok' && started.data.isSuspected;
    }
    inFlight.current = false;
    setStarting(false);
    const url = outcome.kind === 'ok' ? frameableUrl(outcome.data, window.location.origin) : undefined;
    if (!url) {
      const message =
        (outcome.kind === 'failed' && Object.values(outcome.errors ?? {})[0]) || hePlan.paymentStartFailed;
      setError(message);
      // A trial accepted straight into the card page shows its failure on the plan screen.
      // The commercial chain keeps its payment-method choice open and shows the failure there.
      setPopup((open) => (open.name === 'paymentType' || open.name === 'commercial' ? open : { name: 'none' }));
      return;
    }
    setPopup({ name: 'frame', target, channel, url, suspected });
  };

  const paymentFinished = (target: PayTarget, message: PaymentFinishedMessage) => {
    setPopup({ name: 'none' });
    if (target.kind === 'autoBump') return goOn(target.after);
    toFinish(message.ok ? {} : { result: 'failure' });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once the tracks are here and the URL names a track
  useEffect(() => {
    if (!data || !payAgainHash) return;
    const offered = [...(data.packageOptions ?? []), ...data.orderType];
    payAgain.current = offered.find((track) => track.hash === payAgainHash) ?? null;
    const rest = new URLSearchParams(params);
    rest.delete('payAgain');
    navigate({ search: `?${rest}` }, { replace: true });
  }, [data, payAgainHash]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the parameter has left the URL
  useEffect(() => {
    const track = payAgain.current;
    if (payAgainHash || !track) return;
    payAgain.current = null;
    choose(track);
  }, [payAgainHash]);

  if (load.state === 'loading') {
    return (
      <p className="plan__status" role="status">
        {hePlan.loading}
      </p>
    );
  }
  if (load.state === 'failed' || !data) {
    return (
      <div className="plan__status" role="alert">
        <p>{hePlan.loadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
          {hePlan.retry}
        </button>
      </div>
    );
  }
  if (data.finished) {
    return (
      <section className="plan" data-testid="plan-step" data-finished="true">
        <p>{hePlan.finished}</p>
        <button type="button" className="btn btn--primary" onClick={() => toFinish()}>
          {hePlan.toFinish}
        </button>
      </section>
    );
  }

  const packages = data.mode === 'fromPackage' || data.mode === 'buyPackage';
  const tracks = packages && data.packageOptions?.length ? data.packageOptions : data.orderType;
  const title = {
    tracks: hePlan.title,
    fromPackage: hePlan.titleFromPackage,
    buyPackage: hePlan.titleBuyPackage,
    businessForSale: hePlan.titleBusinessForSale,
  }[data.mode];
  const intro = {
    tracks: hePlan.intro,
    fromPackage: hePlan.introFromPackage,
    buyPackage: hePlan.introBuyPackage,
    businessForSale: hePlan.introBusinessForSale,
  }[data.mode];
  const defaultExpanded = (tracks.find((t) => t.recommended) ?? tracks[0])?.hash;
  const open = expanded ?? defaultExpanded;

  return (
    <section
      ref={root}
      className={`plan plan--${compact ? 'compact' : 'wide'}`}
      data-testid="plan-step"
      data-mode={data.mode}
      aria-labelledby="plan-title"
    >
      <h3 id="plan-title" className="plan__title">
        {title}
      </h3>
      <p className="plan__intro">{intro}</p>
      {params.get('isSuspected') === '1' && (
        <p className="review-note" data-testid="plan-review-note">
          {hePlan.reviewBeforeLive}
        </p>
      )}
      {data.mode === 'tracks' && <SameAdsCounters cat={cat} subcat={subcat ?? null} orderId={orderId} />}
      {error && (
        <p className="plan__error" role="alert">
          {error}
        </p>
      )}
      <ul className="plan__tracks" aria-label={hePlan.tracksLabel} aria-busy={busy || undefined}>
        {tracks.map((track) => (
          <TrackCard
            key={track.hash}
            track={track}
            mode={data.mode}
            free={isFreeTrack(track)}
            disabled={isTrackBlocked(track, busy || starting)}
            busy={busy}
            compact={compact}
            expanded={open === track.hash}
            onToggle={() => setExpanded(open === track.hash ? '' : track.hash)}
            onChoose={() => choose(track)}
          />
        ))}
      </ul>
      {data.mode === 'tracks' && tracks.some((track) => !isFreeTrack(track)) && <PlanInfoLinks />}
      {busy && (
        <p className="plan__status" role="status">
          {hePlan.publishing}
        </p>
      )}
      {cat === CAT.secondHand && (
        <label className="plan__next-ad">
          <input type="checkbox" checked={nextAd} onChange={(event) => setNextAd(event.target.checked)} />
          {hePlan.nextAd}
        </label>
      )}

      {popup.name === 'paymentType' && (
        <PaymentTypePopup
          channels={paymentChannels(
            popup.target.kind === 'autoBump' ? undefined : popup.target.track,
            popup.target.kind === 'track' && popup.target.trial,
          )}
          starting={starting}
          error={error}
          onChoose={(channel) => void startPayment(popup.target, channel)}
          onClose={() => {
            setError(undefined);
            // Closing the auto-bump payment choice turns it off: the ad is published, on to the finish page.
            if (popup.target.kind === 'autoBump') goOn(popup.target.after);
            setPopup({ name: 'none' });
          }}
        />
      )}
      {popup.name === 'trial' && (
        <TrialPopup
          days={popup.track.easyStart?.days ?? 7}
          endDate={trialEndDate(new Date(), popup.track.easyStart?.days ?? 7)}
          price={popup.track.price}
          onAccept={() => void startPayment({ kind: 'track', track: popup.track, trial: true }, 'creditCard')}
          onDecline={() => {
            // Decline returns to the normal payment choice, for the track the trial belongs to.
            const parent = popup.track.easyStart?.easyStartParentPkg.adType;
            const regular = tracks.find((t) => parent && t.adType === parent) ?? popup.track;
            setPopup({ name: 'paymentType', target: { kind: 'track', track: regular, trial: false } });
          }}
        />
      )}
      {popup.name === 'frame' && (
        <PaymentFramePopup
          channel={popup.channel}
          url={popup.url}
          trial={popup.target.kind === 'track' && popup.target.trial}
          suspected={popup.suspected}
          onFinished={(message) => paymentFinished(popup.target, message)}
          onClose={() => {
            if (popup.target.kind === 'autoBump') goOn(popup.target.after);
            setPopup({ name: 'none' });
            // The isSuspected variant (after-save-area.md §7) goes into the query, the route's state, once the popup
            // has gone: the plan step, and a reload of it, say the ad waits for review before another try.
            if (popup.suspected && params.get('isSuspected') !== '1') {
              const next = new URLSearchParams(params);
              next.set('isSuspected', '1');
              navigate({ search: `?${next}` }, { replace: true });
            }
          }}
        />
      )}
      {popup.name === 'autoBump' && (
        <AutoBumpPopup
          price={popup.priceAgorot / 100}
          onAccept={() => setPopup({ name: 'paymentType', target: { kind: 'autoBump', after: popup.after } })}
          onReject={() => {
            setPopup({ name: 'none' });
            goOn(popup.after);
          }}
        />
      )}
      {popup.name === 'contact' && (
        <ContactPopup
          to={packageFormPath({ packageHash: popup.track.hash, orderId, cat, subcat })}
          onClose={() => setPopup({ name: 'none' })}
        />
      )}
      {popup.name === 'brokerLead' && (
        <BrokerLeadPopup
          orderId={orderId}
          brokers={popup.brokers}
          cityName={popup.cityName}
          onDone={(end) => {
            setPopup({ name: 'none' });
            void finish(popup.track, false, end);
          }}
        />
      )}
      {popup.name === 'commercial' && (
        <CommercialFlow
          track={popup.track}
          ids={ids}
          starting={starting}
          error={error}
          onCard={() => void startPayment({ kind: 'track', track: popup.track, trial: false }, 'creditCard')}
          onClose={() => {
            setError(undefined);
            setPopup({ name: 'none' });
          }}
          onFinish={() => toFinish()}
        />
      )}
    </section>
  );
}
