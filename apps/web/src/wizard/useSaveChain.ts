import type { Selectors } from '@app/contract/publish';
import { buildPayload } from '@app/form-engine/payload';
import { useCallback, useRef, useState } from 'react';
import { saveAd } from '../api/publish.ts';
import { useNavigate } from '../app/routing.tsx';
import { htmlToText } from '../format/htmlText.ts';
import { he } from '../i18n/he.ts';
import { focusFirstError } from './focus.ts';
import { firstStepOf, newIdempotencyKey, serverFieldErrors } from './formData.ts';
import { followRedirect } from './redirects.ts';
import { saveResult } from './saveOutcome.ts';
import type { WizardCore } from './useWizardCore.ts';

/** The window event a save's main error raises (detail: { message }). */
export const MAIN_ERROR_EVENT = 'publish:main-error';

export interface Progress {
  message: string;
  percent: number;
}

interface SaveInput {
  core: WizardCore;
  selectors: Selectors;
  /** Edit mode: the ad's id (POST save-ad/{id}). */
  adId?: string;
  /** Steps validated before saving: 0..lastStep. */
  lastStep: number;
  /** Shows a step (the first invalid one). */
  showStep: (step: number) => void;
  onSaved: (ids: { orderID: number; recordID: number }) => void;
}

/**
 * The save chain (publish-wizard.md §4): clear errors; validate every step (the first invalid one opens
 * with its errors); 'בודק פרטים' 20 %; 'מאמת נתונים' 75 % while the ad is saved; then the outcome: field
 * errors return to their step, blocked words go to the finish page, a main error shows as a banner, a
 * redirect is followed (same origin or allowlisted), a save with both ids succeeds. The idempotency key of
 * an attempt is reused when it is retried.
 */
export function useSaveChain(input: SaveInput) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [mainError, setMainError] = useState<string>();
  const attemptKey = useRef<{ key: string; values: string } | null>(null);
  const latest = useRef(input);
  latest.current = input;

  const save = useCallback(async () => {
    const { core, selectors, adId, lastStep } = latest.current;
    const { form, steps, payload, baseEnv } = core;
    if (progress) return;
    setMainError(undefined);
    form.setServerErrors({});
    setProgress({ message: he.wizard.progress.checking, percent: 20 });
    const checked = form.resolution.steps.filter((step) => step.index <= lastStep);
    form.attempt(checked.map((step) => step.index));
    const invalid = checked.find((step) => !step.complete);
    if (invalid) {
      setProgress(null);
      latest.current.showStep(invalid.index);
      focusFirstError(invalid.index);
      return;
    }

    setProgress({ message: he.wizard.progress.verifying, percent: 75 });
    const fields = buildPayload(form.resolution, payload);
    const valuesKey = JSON.stringify(fields);
    if (attemptKey.current?.values !== valuesKey) attemptKey.current = { key: newIdempotencyKey(), values: valuesKey };
    const body = { ...fields, ...selectors, ...core.abParams, idempotencyKey: attemptKey.current.key };
    const outcome = await saveAd(body, adId);
    if (outcome.kind === 'failed') {
      setProgress(null);
      setMainError(he.wizard.saveFailed);
      return;
    }
    const result = saveResult(outcome.response, selectors);
    switch (result.kind) {
      case 'fieldErrors': {
        setProgress(null);
        const errors = serverFieldErrors(steps, result.errFields);
        form.setServerErrors(errors);
        const step = firstStepOf(steps, Object.keys(errors));
        if (step !== undefined) {
          latest.current.showStep(step);
          focusFirstError(step);
        } else {
          setMainError(Object.values(errors)[0] ?? he.wizard.saveFailed);
        }
        return;
      }
      case 'wordBlocked':
        navigate(result.path);
        return;
      case 'mainError': {
        setProgress(null);
        const message = htmlToText(result.message) || he.wizard.saveFailed;
        setMainError(message);
        // The spec raises it as an event: listeners (analytics, a native-app wrapper) may take it.
        window.dispatchEvent(new CustomEvent(MAIN_ERROR_EVENT, { detail: { message } }));
        return;
      }
      case 'redirect':
        if (!followRedirect(result.url, baseEnv.urlAllowlist)) {
          setProgress(null);
          setMainError(he.wizard.saveFailed);
        }
        return;
      case 'saved':
        setProgress({ message: he.wizard.progress.finishing, percent: 90 });
        latest.current.onSaved({ orderID: result.orderID, recordID: result.recordID });
        setProgress(null);
        return;
      case 'failed':
        setProgress(null);
        setMainError(he.wizard.saveFailed);
        return;
    }
  }, [navigate, progress]);

  return { save, progress, mainError, clearMainError: () => setMainError(undefined) };
}
