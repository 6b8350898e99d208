import type { Selectors } from '@app/contract/publish';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldEnv } from '../../shared/fields/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { Link } from '../../shared/routing/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { useMediaSession } from '../media/index.ts';
import { Banner } from './Banner.tsx';
import { useCarExtras } from './car-extras/useCarExtras.tsx';
import { FlashBar } from './FlashBar.tsx';
import { PriceDecreasePopup } from './reminders/PriceDecreasePopup.tsx';
import { priceDecreased } from './reminders/rules.ts';
import { SaveFailedPopup } from './SaveFailedPopup.tsx';
import { SaveProgress } from './SaveProgress.tsx';
import { StepBody } from './StepBody.tsx';
import { StepHead } from './StepHead.tsx';
import { PreviewButton } from './StepNav.tsx';
import { useContactArea } from './useContactArea.ts';
import { useEditFinish } from './useEditFinish.ts';
import { useSaveChain } from './useSaveChain.ts';
import { useWizardCore } from './useWizardCore.ts';
import { useWizardExtras } from './useWizardExtras.tsx';
import { useWizardLoad, type WizardData } from './useWizardLoad.ts';
import './wizard.css';

/**
 * /edit/:id (lazy-loaded): the ad's edit steps, all open (its details, its photos and video, the contact details),
 * and the edit-login step's one button that saves the edit (POST save-ad/{id}), stores the photos and finishes it
 * (order-edited: a published ad's changes, photos included, go live together).
 */
export default function EditWizard({ adId }: { adId: string }) {
  const load = useWizardLoad({ mode: 'edit', adId });
  usePageTitle(load.state === 'notFound' ? he.wizard.editNotFound : he.wizard.editTitle);
  if (load.state === 'ready') return <EditForm data={load.data} adId={adId} />;
  if (load.state === 'notFound' || load.state === 'failed') {
    const notFound = load.state === 'notFound';
    return (
      <section className="publish" data-testid={notFound ? 'edit-not-found' : 'edit-failed'}>
        <h1 className="page__title">{notFound ? he.wizard.editNotFound : he.wizard.loadFailed}</h1>
        {notFound && <p className="page__lead">{he.wizard.editNotFoundText}</p>}
        <Link to="/" className="btn btn--secondary">
          {he.wizard.toMyArea}
        </Link>
      </section>
    );
  }
  return (
    <section className="publish">
      <h1 className="page__title">{he.wizard.editTitle}</h1>
      <p role="status" className="publish__loading">
        {he.wizard.loadingSteps}
      </p>
    </section>
  );
}

function EditForm({ data, adId }: { data: WizardData; adId: string }) {
  const selectors = useMemo<Selectors>(() => {
    const { cat, subcat } = data.response;
    return subcat === null ? { cat: String(cat) } : { cat: String(cat), subcat: String(subcat) };
  }, [data.response]);
  const core = useWizardCore(data, 'edit', selectors);
  const { form, steps } = core;
  const [savedAt, setSavedAt] = useState<number>();
  const media = useMediaSession(steps, selectors, Number(adId));
  const finishing = useEditFinish(adId, core.baseEnv.urlAllowlist);
  const saving = useSaveChain({
    core,
    selectors,
    adId,
    media,
    lastStep: steps.length - 1,
    showStep: () => undefined,
    // Saved: now finish it. A draft (never published) has nothing to publish and stays here, saved. Saved for the
    // preview: a published ad's edit waits (pending) and the preview shows it, before it goes live.
    onSaved: () => {
      if (previewing.current) {
        window.location.assign(`/item/${adId}/preview`);
        return;
      }
      void finishing.finish().then((result) => {
        if (result === 'finished') setSavedAt(Date.now());
      });
    },
  });
  const previewing = useRef(false);
  const progress = saving.progress ?? finishing.progress;
  // The preview's links back name a step (/edit/{id}#step-{area}): it opens there once the steps are shown.
  useEffect(() => {
    const target = window.location.hash
      ? document.getElementById(decodeURIComponent(window.location.hash.slice(1)))
      : null;
    target?.scrollIntoView({ block: 'start' });
    target?.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
  }, []);
  // Spec §4 price decrease: asked once per press of the button, before the save.
  const [decreaseAsked, setDecreaseAsked] = useState(false);
  const save = () => {
    previewing.current = false;
    setDecreaseAsked(false);
    setSavedAt(undefined);
    void saving.save();
  };
  const failure = saving.failure ?? finishing.failure;
  // An ad saved without contact details takes the customer's name and number.
  useContactArea(core, selectors, data.initialValues, { edit: true });
  const { refetch: refetchCustomer } = useCustomer();
  // The ad-strength meter (after-save-area.md §4) and the policy warnings of each step.
  const extras = useWizardExtras({
    core,
    selectors,
    media,
    orderId: Number(adId),
    loggedIn: true,
    editOrderType: data.response.adData?.OrderTypeID,
  });
  // The car's trade-in box opens its lead popup here too (the make and model it sends are the locked ones).
  const carExtras = useCarExtras(core, selectors, Number(adId));
  const env: FieldEnv = {
    ...core.baseEnv,
    onSessionEnded: () => void refetchCustomer(),
    ...(media ? { media } : {}),
    onAction: () => undefined,
    actionState: () => undefined,
    locked: carExtras.locked,
    adTitle: data.response.adTitle,
  };
  // Every step open (spec §2), numbered 1, 2, 3… among the steps shown.
  const shown = form.resolution.steps.filter((step) => step.visible);

  return (
    <section className="publish publish--edit">
      <h1 className="page__title">
        {he.wizard.editTitle}{' '}
        <span className="page__title-note">
          ({he.wizard.editAdNumber} <bdi>{adId}</bdi>)
        </span>
      </h1>
      {data.response.adTitle && (
        <p className="page__lead edit-ad-title" data-testid="edit-ad-title">
          <bdi>{data.response.adTitle}</bdi>
        </p>
      )}
      <FlashBar />
      <Banner message={saving.mainError} onDismiss={saving.clearMainError} />
      {extras.meter}
      <ol className="steps" aria-label={he.wizard.stepsLabel}>
        {shown.map((step, place) => (
          <li
            key={`${step.def.area}-${step.index}`}
            className="step step--open"
            data-step-index={step.index}
            data-testid={`step-${step.def.area}`}
            id={`step-${step.def.area}`}
          >
            <StepHead number={place + 1} title={step.def.title} />
            <div className="step__body">
              {step.def.subTitle && <p className="step__subtitle">{step.def.subTitle}</p>}
              <StepBody
                step={step}
                errors={form.errors}
                onChange={(id, value) => {
                  if (!carExtras.intercept(id, value)) form.change(id, value);
                }}
                env={env}
                aside={extras.asideOf(step.index)}
              />
            </div>
          </li>
        ))}
      </ol>
      {carExtras.popups}
      <SaveProgress progress={progress} />
      {failure && <SaveFailedPopup failure={failure} />}
      {decreaseAsked && <PriceDecreasePopup adId={adId} onContinue={save} onClose={save} />}
      <div className="edit-actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={progress !== null}
          aria-busy={progress !== null || undefined}
          onClick={() => {
            const lower = priceDecreased({
              orderTypeId: data.response.adData?.OrderTypeID,
              disallow: data.response.disallowDecreasePricePopup,
              before: data.initialValues.price,
              after: form.resolution.fields.price?.visible ? form.resolution.fields.price.value : undefined,
            });
            if (lower) setDecreaseAsked(true);
            else save();
          }}
        >
          {he.wizard.editSave}
        </button>
        <PreviewButton
          busy={previewing.current && progress !== null}
          disabled={progress !== null}
          onPress={() => {
            previewing.current = true;
            setSavedAt(undefined);
            void saving.save();
          }}
        />
        <p role="status" className="edit-actions__saved" data-testid="edit-saved">
          {savedAt ? he.wizard.editSaved : ''}
        </p>
      </div>
    </section>
  );
}
