import type { FieldsResponse, Selectors } from '@app/contract/publish';
import type { StepDef, Values } from '@app/form-engine/model';
import { valuesFromPayload } from '@app/form-engine/payload';
import { startTransition, useEffect, useState } from 'react';
import { fetchDraft, fetchEditFields, fetchExternalLinks, fetchFields } from '../../shared/api/index.ts';
import { useNavigate } from '../../shared/routing/index.ts';
import { flash } from './flash.ts';
import { selectorValues } from './formData.ts';
import { allowlistOf, followRedirect } from './redirects.ts';

export interface WizardData {
  steps: StepDef[];
  response: FieldsResponse<StepDef>;
  initialValues: Values;
  /** From the draft (publish) or every step (edit); 0 = only the category is chosen. */
  lastValidStep: number;
}

export type WizardLoad =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'failed' }
  | { state: 'redirecting' }
  | { state: 'ready'; data: WizardData };

/** The locked fields' values as the server gave them: strings and lists of strings only. */
function lockedOf(raw: unknown): Values {
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, string | string[]> = {};
  for (const [id, value] of Object.entries(raw)) {
    if (typeof value === 'string') out[id] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out[id] = value;
  }
  return out;
}

/** Step 0 of the publish steps is the sub-category choice; a catalogue without one gets an empty one. */
function withCategoryStep(steps: StepDef[]): StepDef[] {
  if (steps[0]?.stepGroup === 'chooseSubcat') return steps;
  const category: StepDef = {
    area: 'personal_publish_category',
    title: '',
    stepGroup: 'chooseSubcat',
    check: false,
    showNavButtons: false,
    showBackButton: false,
    fields: [],
  };
  return [category, ...steps];
}

/**
 * Loads a wizard: publish mode fetches the category's fields and the draft (resumed with every value);
 * edit mode fetches the ad's edit steps and its values. Status 500 of the fields call goes to the chooser;
 * redirectForce / redirectForceObject are followed (same origin or allowlisted only).
 */
export function useWizardLoad(
  source:
    | { mode: 'publish'; selectors: Selectors; carried?: Values; orderId?: number | undefined }
    | { mode: 'edit'; adId: string },
): WizardLoad {
  const navigate = useNavigate();
  const [load, setLoad] = useState<WizardLoad>({ state: 'loading' });
  const key = source.mode === 'edit' ? `edit:${source.adId}` : JSON.stringify(source.selectors);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the source
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void (async () => {
      // The draft and the site's links are asked for together with the steps (one round trip, not three in a
      // row); the draft is used once the steps are known.
      const draftCall = source.mode === 'publish' ? fetchDraft(source.selectors) : undefined;
      const links = fetchExternalLinks();
      // A wizard that saved its ad already (OrderID in the URL) asks for it: adData names it when it is ours.
      const outcome =
        source.mode === 'edit'
          ? await fetchEditFields(source.adId)
          : await fetchFields(source.selectors, source.orderId);
      if (!live) return;
      if (outcome.kind === 'serverError' && source.mode === 'publish') {
        navigate('/publish', { replace: true });
        return;
      }
      if (outcome.kind === 'notFound') return setLoad({ state: 'notFound' });
      if (outcome.kind !== 'ok') return setLoad({ state: 'failed' });
      const { response } = outcome;
      const forced = response.redirectForceObject;
      if (forced?.message) flash(forced.message);
      const redirect = forced?.url ?? response.redirectForce;
      if (redirect && followRedirect(redirect, allowlistOf(await links))) {
        return setLoad({ state: 'redirecting' });
      }

      if (source.mode === 'edit') {
        const steps = outcome.steps;
        // The locked fields' saved values come along: the form reads them (conditions, lists), never sends them.
        const values = { ...lockedOf(response.lockedValues), ...valuesFromPayload(steps, response.values ?? {}) };
        startTransition(() =>
          setLoad({ state: 'ready', data: { steps, response, initialValues: values, lastValidStep: steps.length } }),
        );
        return;
      }
      const steps = withCategoryStep(outcome.steps);
      const draft = await draftCall;
      if (!live) return;
      const initialValues: Values = {
        ...(draft ? valuesFromPayload(steps, draft.values) : {}),
        ...selectorValues(steps[0], source.selectors),
        ...source.carried,
      };
      const lastValidStep = Math.max(0, Math.min(draft?.lastValidStep ?? 0, steps.length - 1));
      // The form's first render (every step resolved, the open one drawn) as a transition: in slices, not one long
      // task (main.tsx says why).
      startTransition(() => setLoad({ state: 'ready', data: { steps, response, initialValues, lastValidStep } }));
    })();
    return () => {
      live = false;
    };
  }, [key]);

  return load;
}
