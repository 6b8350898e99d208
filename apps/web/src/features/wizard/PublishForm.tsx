import { CAT } from '@app/catalog/categories/ids';
import { funnelEntryOf } from '@app/contract/analytics';
import type { ChooseOrderType } from '@app/contract/orders';
import type { Selectors } from '@app/contract/publish';
import { stepBrief } from '@app/form-engine/brief';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { endRun, trackStepPassed, useStepShownAnalytics } from '../../shared/analytics/index.ts';
import { checkTrader, resetAd } from '../../shared/api/index.ts';
import type { FieldEnv } from '../../shared/fields/index.ts';
import { he, heContact, hePlan } from '../../shared/i18n/index.ts';
import { useLocation, useNavigate } from '../../shared/routing/index.ts';
import { isLoggedIn, useCustomer } from '../../shared/session/index.ts';
import { ContactLogin } from '../contact/index.ts';
import { MediaBrief, useMediaSession } from '../media/index.ts';
import { DogInfoLink, showsDogInfo } from '../offers/index.ts';
import { Banner } from './Banner.tsx';
import { useCampaigns } from './campaigns/useCampaigns.tsx';
import { SUB_MODEL_FIELD, useCarExtras } from './car-extras/useCarExtras.tsx';
import { DraftStatus } from './DraftStatus.tsx';
import { FlashBar } from './FlashBar.tsx';
import { focusSavedNote, focusStep } from './focus.ts';
import { draftValues } from './formData.ts';
import {
  furthestOpenable,
  hasPlanStep,
  previousShown,
  primaryAction,
  resumeStep,
  saveStepIndex,
  shownStep,
  stepNumber,
  stepState,
} from './navigation.ts';
import { readStep, withoutSavedAd, withSavedAd, withStep } from './publish/publishQuery.ts';
import { useReminders } from './reminders/useReminders.tsx';
import { SaveFailedPopup } from './SaveFailedPopup.tsx';
import { SaveProgress } from './SaveProgress.tsx';
import { StartOver } from './StartOver.tsx';
import { StepBody } from './StepBody.tsx';
import { StepItem } from './StepItem.tsx';
import { useContactArea } from './useContactArea.ts';
import { useDraftSync } from './useDraftSync.ts';
import { useSaveChain } from './useSaveChain.ts';
import { useStepMovement } from './useStepMovement.ts';
import { useWatchers } from './useWatchers.ts';
import { useWizardCore } from './useWizardCore.ts';
import { useWizardExtras } from './useWizardExtras.tsx';
import type { WizardData } from './useWizardLoad.ts';
import { PriceSuggestion } from './vehicles/PriceSuggestion.tsx';
import { priceQueryFrom, showsPriceSuggestion } from './vehicles/priceSuggestion.ts';
import { PLATE_BUTTON, PLATE_FIELD, useCarriedAction, usePlateSearch } from './vehicles/usePlateSearch.ts';

// The plan step loads once an ad is saved: it never weighs on the first screens.
const PlanStep = lazy(() => import('../plan/PlanStep.tsx'));
// The debug control panel: debug-mode customers only.
const DebugPanel = lazy(() => import('./debug/DebugPanel.tsx'));

export interface PublishFormProps {
  data: WizardData;
  params: URLSearchParams;
  selectors: Selectors;
  categoryStep: ReactNode;
  startStep: number;
  /** Called once the start step has been used. */
  onStarted: () => void;
  autoAction: string | undefined;
}

/**
 * The publish wizard once its steps are loaded: the accordion (step 0 is the picker, then the catalogue's
 * steps), movement with validation, the draft, the save chain, watchers and the licence-plate search.
 */
export function PublishForm(props: PublishFormProps) {
  const { data, params, selectors, categoryStep, startStep, onStarted, autoAction } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const core = useWizardCore(data, 'publish', selectors);
  const { steps, form } = core;
  const { customer, refetch: refetchCustomer } = useCustomer();
  const guest = !isLoggedIn(customer);
  const loginStep = steps.findIndex((step) => step.isLoginArea);
  const saveStep = saveStepIndex(steps);
  // Without a plan step (household workers, customer info) the saved ad is shown on the save step itself.
  const finishStep = hasPlanStep(steps) ? saveStep + 1 : saveStep;
  const shown = form.resolution.steps.map((step) => step.visible);
  const shownKey = shown.join();
  // Numbers on screen count step 0 only when the page shows it (a category with a picker).
  const numbered = shown.map((visible, index) => (index === 0 ? Boolean(categoryStep) : visible));
  // A reload on the plan step of an ad the server confirmed ours (adData.OrderID2): the plan step shows again, and
  // fetches the ad's tracks (order-types). One number is the ad's OrderID and RecordID.
  const reloadedAd =
    hasPlanStep(steps) && startStep === finishStep ? (data.response.adData?.OrderID2 ?? undefined) : undefined;
  const [lastValidStep, setLastValidStep] = useState(reloadedAd ? saveStep : data.lastValidStep);
  const [saved, setSaved] = useState<{ orderID: number; recordID: number } | undefined>(
    reloadedAd ? { orderID: reloadedAd, recordID: reloadedAd } : undefined,
  );
  const [plan, setPlan] = useState<{ choose?: ChooseOrderType | undefined; justSaved: boolean }>({ justSaved: false });
  // The one ad of this wizard once saved (this visit's save, or the URL's OrderID the server confirmed).
  const orderId = saved?.orderID ?? data.response.adData?.OrderID2 ?? undefined;
  const [resetting, setResetting] = useState(false);
  // The step the form resumes at: the furthest step reached, or the URL's step when lower. It is open from the first
  // render, while the URL still names the start query's step: rendering that step first and the resumed one a moment
  // later rendered a whole step for nothing (on a reload on the car's photos step: its first step's fields, the
  // sub-model list and their calls), all before the first paint.
  const [resumeTo] = useState(() =>
    reloadedAd ? finishStep : resumeStep(startStep, data.lastValidStep, data.response.firstStep, saveStep, shown),
  );
  const urlStep = readStep(params);
  const [firstUrlStep] = useState(urlStep);
  // Resumed once the URL has named another step (a ref, not state: noting it must not cost a render of its own).
  const resumed = useRef(false);
  if (urlStep !== firstUrlStep) resumed.current = true;
  const current = !resumed.current && urlStep === firstUrlStep ? resumeTo : urlStep;
  core.openStep.current = current;
  const { fetchStepLists } = core;
  // A step opened before the page is idle asks for its own lists (the resolution may not change on the move).
  useEffect(() => fetchStepLists(current), [fetchStepLists, current]);
  const paramsRef = useRef(params);
  paramsRef.current = params;

  const showStep = useCallback(
    (step: number) => navigate({ search: `?${withStep(paramsRef.current, step)}` }, { replace: true }),
    [navigate],
  );

  // The URL names the resumed step once the form has painted (it is open from the first render, above): a passive
  // effect, so that neither the URL's update nor the re-render it causes runs before the first paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form first shows
  useEffect(() => {
    onStarted();
    if (resumeTo !== readStep(paramsRef.current)) showStep(resumeTo);
  }, []);

  // A step past the furthest one reached (typed in the URL) falls back to it; a step that is not shown (an
  // A/B test that is off) gives way to the nearest shown one in the direction the user was going.
  const previousStep = useRef<number | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: shownKey stands for shown
  useEffect(() => {
    const from = previousStep.current;
    previousStep.current = current;
    const max = saved ? finishStep : furthestOpenable(lastValidStep, saveStep, shown);
    if (current > max) showStep(max);
    else if (shown[current] === false) showStep(shownStep(current, from, shown));
  }, [current, lastValidStep, saved, saveStep, finishStep, shownKey, showStep]);

  // The step that has the focus: the URL's step at first; the resumed step takes the focus once the URL names it.
  const focusedStep = useRef(urlStep);
  // Coming from the picker (an in-app move that removed the focused choice), focus the open step: once, and at once
  // (the form's first show).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form first shows
  useEffect(() => {
    if (location.key !== 'default' && document.activeElement === document.body) {
      focusedStep.current = current;
      focusStep(current, true);
    }
  }, []);

  // Opening the contact step asks who is logged in (a session that ended on the way shows the login inside the
  // step) and whether the customer is a trader here (check-trader, spec §4): the step's texts follow its answer, and
  // the contact area is fetched again when the answer differs from what the wizard assumed.
  const [traderCheck, setTraderCheck] = useState<boolean>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: on entering the step, and after a login in it
  useEffect(() => {
    if (current !== loginStep || loginStep <= 0) return;
    let alive = true;
    void (async () => {
      const who = await refetchCustomer();
      if (!alive || !isLoggedIn(who)) return;
      const trader = await checkTrader(selectors);
      if (!alive) return;
      setTraderCheck((before) => {
        if ((before ?? core.context.isTrader) !== trader) void refetchContactArea();
        return trader;
      });
    })();
    return () => {
      alive = false;
    };
  }, [current, loginStep, customer.id]);

  // A step opened takes the focus; on the form's first show (a reload on a later step) the page jumps to it.
  const firstShow = useRef(true);
  useEffect(() => {
    const jump = firstShow.current;
    firstShow.current = false;
    if (focusedStep.current === current) return;
    focusedStep.current = current;
    focusStep(current, jump);
  }, [current]);

  const wire = useMemo(() => draftValues(steps, form.values), [steps, form.values]);
  const draft = useDraftSync({
    enabled: !saved && !resetting,
    selectors,
    values: wire,
    lastValidStep,
    userChanges: form.changeCount,
  });

  // The selection's campaigns, each on its step while the values meet its conditions.
  const campaigns = useCampaigns({
    offered: data.response.publishCampaigns,
    steps,
    values: form.values,
    saveStep,
    searchedPlate: typeof form.values[PLATE_FIELD] === 'string' ? form.values[PLATE_FIELD] : undefined,
  });

  const [knownOrder, setKnownOrder] = useState<number>();
  const media = useMediaSession(steps, selectors, orderId ?? knownOrder);
  const saving = useSaveChain({
    core,
    selectors,
    orderId: orderId ?? knownOrder,
    lastStep: saveStep,
    showStep,
    media,
    onOrderKnown: setKnownOrder,
    campaignLeads: campaigns.leads,
    // The session ended on the way and the ad is saved from the contact step: the step offers the login itself.
    onLoginNeeded: () => {
      if (saveStep !== loginStep) return false;
      void refetchCustomer();
      return true;
    },
    onSaved: (ids, choose) => {
      trackStepPassed(selectors, saveStep, steps[saveStep]?.area ?? '');
      endRun(selectors);
      setSaved(ids);
      setPlan({ choose, justSaved: true });
      setLastValidStep(saveStep);
      // The ad's number goes into the query (OrderID, OrderIDs): a reload or a second publish keeps the same ad.
      const step = finishStep !== saveStep ? finishStep : readStep(paramsRef.current);
      navigate({ search: `?${withSavedAd(withStep(paramsRef.current, step), ids.orderID)}` }, { replace: true });
      if (finishStep === saveStep) focusSavedNote(saveStep);
    },
  });
  const refetchContactArea = useContactArea(core, selectors, data.initialValues);
  useStepShownAnalytics(
    selectors,
    current,
    steps[current]?.area,
    !saved && current <= saveStep && shown[current] === true,
    // A visit from the ad-strength box (source=ad-strength, kept in the query from step to step).
    funnelEntryOf(params.get('source')),
  );
  // The preview opening (its draft and photos being saved): the steps stay as they are meanwhile.
  const [previewing, setPreviewing] = useState(false);
  const [previewProblem, setPreviewProblem] = useState<string>();
  const reminders = useReminders({ core, selectors, orderId: orderId ?? knownOrder });
  const carExtras = useCarExtras(core, selectors, orderId ?? knownOrder);
  const movement = useStepMovement({
    core,
    selectors,
    current,
    lastValidStep,
    saveStep,
    locked: saving.progress !== null || previewing,
    setLastValidStep,
    showStep,
    // A ticked campaign's plate first (it stays on the step), then the reminders.
    beforeAdvance: async (step) => campaigns.check(step) && (await reminders.beforeAdvance(step)),
    // The session ended on the way (check-step's 422) just before the contact step: go on to it, where the visitor
    // logs in or registers; the server checks every step again when the ad is saved.
    onLoginNeeded: (from) => {
      const next = form.resolution.steps.findIndex((step, index) => index > from && step.visible);
      if (next !== loginStep || loginStep < 0) return false;
      void refetchCustomer();
      setLastValidStep((valid) => Math.max(valid, from));
      showStep(next);
      return true;
    },
    onStepValid: (step) => {
      void draft.saveNow(step);
      // Spec §4: after a valid step in cat 3 with a trader result, the contact area is reloaded.
      if (selectors.cat === String(CAT.secondHand) && core.context.isTrader) void refetchContactArea();
    },
  });
  useWatchers(form, params, data.response.publishRedirects);

  const plate = usePlateSearch(core, params);
  const env: FieldEnv = {
    ...core.baseEnv,
    ...(media ? { media } : {}),
    onSessionEnded: () => void refetchCustomer(),
    onAction: (id) => {
      if (id === PLATE_BUTTON) void plate.run();
    },
    actionState: plate.actionState,
    locked: carExtras.locked,
  };
  useCarriedAction(autoAction, env.onAction);

  const startOver = async () => {
    setResetting(true);
    const ok = await resetAd(selectors);
    if (!ok) {
      setResetting(false);
      return false;
    }
    navigate({ search: `?${withoutSavedAd(withStep(params, 0))}` }, { replace: true });
    return true;
  };

  // The save step's preview (the server's /item/{id}/preview, in this tab): every value saved to the draft first, the
  // photos stored on the ad reserved for them (which the save then publishes), so the preview shows what was typed.
  const openPreview = async () => {
    if (!media || previewing) return;
    setPreviewing(true);
    setPreviewProblem(undefined);
    const ok = await draft.saveToLeave();
    const id = ok ? await media.ensureOrderId() : null;
    if (id && (await media.photos.flush(id))) {
      window.location.assign(`/item/${id}/preview`);
      return;
    }
    draft.stay();
    setPreviewing(false);
    setPreviewProblem(he.wizard.previewFailed);
  };

  const passed = saved ? saveStep : lastValidStep;
  // The strength meter, the live-ad counts and the policy warnings under the open step.
  const extras = useWizardExtras({
    core,
    selectors,
    media,
    orderId: orderId ?? knownOrder,
    loggedIn: !guest,
    current,
    reachable: Math.max(current, lastValidStep),
    goTo: (step) => void movement.goTo(step),
  });
  return (
    <>
      <FlashBar />
      <Banner
        message={saving.mainError ?? movement.problem ?? previewProblem}
        onDismiss={() => {
          saving.clearMainError();
          movement.clearProblem();
          setPreviewProblem(undefined);
        }}
      />
      <ol className="steps" aria-label={he.wizard.stepsLabel} data-testid="step-details">
        {categoryStep}
        {steps.map((def, index) => {
          const resolved = form.resolution.steps[index];
          if (index === 0 || !resolved?.visible) return null;
          const state = stepState(index, current, passed);
          const action = primaryAction(index, lastValidStep, saveStep, shown);
          const back = previousShown(index, shown);
          // The contact step's subtitle for a visitor and for a trader (publish-wizard.md §2).
          const visitorLogin = Boolean(def.isLoginArea) && guest;
          const subTitle = !def.isLoginArea
            ? def.subTitle
            : guest
              ? heContact.visitorSubtitle
              : (traderCheck ?? core.context.isTrader)
                ? heContact.traderSubtitle
                : def.subTitle;
          return (
            <StepItem
              key={def.area}
              index={index}
              number={stepNumber(index, numbered)}
              def={subTitle === def.subTitle ? def : { ...def, subTitle }}
              state={state}
              brief={state === 'done' ? stepBrief(resolved, form.resolution) : ''}
              briefNode={
                state === 'done' && media && def.stepGroup === 'uploadImages' ? (
                  <MediaBrief session={media.photos} />
                ) : undefined
              }
              onOpen={() => void movement.goTo(index)}
            >
              <StepBody
                replaceFields={visitorLogin ? <ContactLogin /> : undefined}
                above={
                  showsPriceSuggestion('publish', selectors.cat, selectors.subcat, index) ? (
                    <PriceSuggestion query={priceQueryFrom(form.values)} />
                  ) : showsDogInfo(selectors, def.area) ? (
                    <DogInfoLink />
                  ) : undefined
                }
                step={resolved}
                errors={form.errors}
                onChange={(id, value) => {
                  if (!carExtras.intercept(id, value)) form.change(id, value);
                }}
                env={env}
                notice={resolved.fields.some((f) => f.def.id === PLATE_FIELD) ? plate.notice : undefined}
                aside={
                  saved ? undefined : (
                    <>
                      {resolved.fields.some((f) => f.def.id === SUB_MODEL_FIELD) && carExtras.subModelLink}
                      {extras.asideOf(index)}
                    </>
                  )
                }
                offers={saved ? undefined : campaigns.cardsOf(index)}
                saved={index === finishStep && saved ? { ...saved, plan: finishStep !== saveStep } : undefined}
                plan={
                  index === finishStep && saved && def.stepGroup === 'choosePlan' ? (
                    <Suspense
                      fallback={
                        <p className="plan__status" role="status">
                          {hePlan.loading}
                        </p>
                      }
                    >
                      <PlanStep
                        key={saved.orderID}
                        orderId={saved.orderID}
                        recordId={saved.recordID}
                        params={params}
                        initial={plan.choose}
                        justSaved={plan.justSaved}
                      />
                    </Suspense>
                  ) : undefined
                }
                nav={{
                  showBack: def.showNavButtons && def.showBackButton && back >= 1,
                  showPrimary: def.showNavButtons && !visitorLogin,
                  action,
                  verifying: movement.verifying,
                  saving: saving.progress !== null,
                  preview:
                    action.kind === 'publish' && media && !guest && !saved
                      ? { onPress: () => void openPreview(), busy: previewing }
                      : undefined,
                  onBack: () => void movement.goTo(back),
                  onPrimary: () => {
                    // A ticked campaign of the save step waiting for its plate stays (the step's forward check).
                    if (action.kind === 'publish') {
                      if (campaigns.check(index)) void saving.save();
                    } else if (action.kind !== 'none') void movement.goTo(action.target);
                  },
                }}
              />
            </StepItem>
          );
        })}
      </ol>
      <SaveProgress progress={saving.progress} />
      {saving.failure && <SaveFailedPopup failure={saving.failure} />}
      {reminders.popup}
      {carExtras.popups}
      <div className="wizard-footer">
        <DraftStatus status={draft.status} />
        {!saved && <StartOver onConfirm={startOver} disabled={saving.progress !== null} />}
      </div>
      {customer.debugMode && (
        <Suspense fallback={null}>
          <DebugPanel steps={steps} resolution={form.resolution} current={current} lastValidStep={lastValidStep} />
        </Suspense>
      )}
    </>
  );
}
