import type { ChooseOrderType } from '@app/contract/orders';
import type { CampaignSaveRequest } from '@app/contract/planExtras';
import type { Selectors } from '@app/contract/publish';
import { buildPayload } from '@app/form-engine/payload';
import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey, saveAd, sendCampaignLeads } from '../../shared/api/index.ts';
import type { MediaEnv } from '../../shared/fields/index.ts';
import { htmlToText } from '../../shared/format/index.ts';
import { he, heMedia } from '../../shared/i18n/index.ts';
import { useNavigate } from '../../shared/routing/index.ts';
import { useOpenLogin } from '../login/index.ts';
import { forgetReservation } from '../media/index.ts';
import { focusFirstError } from './focus.ts';
import { firstStepOf, serverFieldErrors } from './formData.ts';
import { followRedirect } from './redirects.ts';
import type { SaveFailure } from './SaveFailedPopup.tsx';
import { saveResult } from './saveOutcome.ts';
import type { WizardCore } from './useWizardCore.ts';

/** A failure's reference made in the browser when the server named none (a network failure): 8 hex digits. */
export function localHash(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The window event a save's main error raises (detail: { message }). */
export const MAIN_ERROR_EVENT = 'publish:main-error';

export interface Progress {
  message: string;
  percent: number;
  /** A second line (the photo being uploaded). */
  detail?: string;
}

interface SaveInput {
  core: WizardCore;
  selectors: Selectors;
  /** Edit mode: the ad's id (POST save-ad/{id}). */
  adId?: string;
  /** Publish mode after the first save: the ad this wizard saved, which every later save updates (OrderID). */
  orderId?: number | undefined;
  /** Steps validated before saving: 0..lastStep. */
  lastStep: number;
  /** Shows a step (the first invalid one). */
  showStep: (step: number) => void;
  /** The ad is saved; chooseOrderType lists the plan step's tracks when the answer had them. */
  onSaved: (ids: { orderID: number; recordID: number }, plan?: ChooseOrderType) => void;
  /** The wizard's photos: the save waits for them (95 %), and their reserved ad is the one saved. */
  media?: MediaEnv | undefined;
  /** The ad was saved but its photos are not all stored: the next press saves the same ad again. */
  onOrderKnown?: (orderID: number) => void;
  /** The save answered 422: true when the wizard handled it (the contact step's login); else the popup opens. */
  onLoginNeeded?: () => boolean;
  /** The ticked campaigns to send once the ad is saved (campaign/save), or null. */
  campaignLeads?: () => Omit<CampaignSaveRequest, 'orderID'> | null;
}

/**
 * The save chain (publish-wizard.md §4): clear errors; validate every step (the first invalid one opens
 * with its errors); 'בודק פרטים' 20 %; 'מאמת נתונים' 75 % while the ad is saved; then the outcome: field
 * errors return to their step, blocked words go to the finish page, a main error or a failed call opens the
 * non-closable failure popup with a hash, a redirect is followed (same origin or allowlisted), a save with
 * both ids succeeds; once the photos are stored, the ticked campaigns' leads are sent (a failure there is
 * swallowed: the ad is saved and the wizard goes on). The idempotency key of an attempt is reused when it is retried.
 */
export function useSaveChain(input: SaveInput) {
  const navigate = useNavigate();
  const openLogin = useOpenLogin();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [mainError, setMainError] = useState<string>();
  const [failure, setFailure] = useState<SaveFailure>();
  const attemptKey = useRef<{ key: string; values: string } | null>(null);
  const latest = useRef(input);
  latest.current = input;

  const save = useCallback(async () => {
    const { core, selectors, adId, orderId, lastStep } = latest.current;
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
    const fail = (hash?: string, message?: string) => {
      setProgress(null);
      setFailure({ hash: hash ?? localHash(), message });
    };
    const fields = buildPayload(form.resolution, payload);
    const valuesKey = JSON.stringify(fields);
    if (attemptKey.current?.values !== valuesKey) attemptKey.current = { key: newIdempotencyKey(), values: valuesKey };
    // Photos already uploading belong to an ad reserved for this draft: that ad is the one saved.
    const photos = latest.current.media?.photos;
    // The video reserves the ad too: whatever ad the media step already uses is the one saved.
    const photoAd =
      !adId && !orderId && photos
        ? (photos.boundOrderId ?? (photos.getSnapshot().photos.length > 0 ? await photos.ensureAd() : null))
        : null;
    const saveAs = orderId ?? photoAd ?? undefined;
    const body = {
      ...fields,
      ...selectors,
      ...core.abParams,
      ...(saveAs && !adId ? { OrderID: String(saveAs) } : {}),
      idempotencyKey: attemptKey.current.key,
    };
    const outcome = await saveAd(body, adId);
    // The session ended on the way (422, as check-step answers it): log in, then publish again; nothing is lost.
    if (outcome.kind === 'failed' && outcome.status === 422) {
      setProgress(null);
      if (!latest.current.onLoginNeeded?.()) openLogin('login');
      return;
    }
    if (outcome.kind === 'failed') return fail(outcome.hash);
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
        // The reserved ad is now a saved (blocked) ad: the next draft of this selection reserves a new one.
        forgetReservation(selectors);
        navigate(result.path);
        return;
      case 'mainError': {
        const message = htmlToText(result.message) || undefined;
        fail(undefined, message);
        // The spec raises it as an event: listeners (analytics, a native-app wrapper) may take it.
        window.dispatchEvent(new CustomEvent(MAIN_ERROR_EVENT, { detail: { message: message ?? '' } }));
        return;
      }
      case 'redirect':
        if (!followRedirect(result.url, baseEnv.urlAllowlist)) fail();
        return;
      case 'saved':
        forgetReservation(selectors);
        if (photos) {
          // Spec §4: 'מחבר תמונות למודעה' at 95 % while the photos still in flight are stored.
          setProgress({ message: heMedia.connecting, percent: 95 });
          const stored = await photos.flush(result.orderID, (n, total) =>
            setProgress({
              message: heMedia.connecting,
              percent: 95,
              detail: heMedia.uploadingOf.replace('{n}', String(n)).replace('{total}', String(total)),
            }),
          );
          if (!stored) {
            setProgress(null);
            latest.current.onOrderKnown?.(result.orderID);
            setMainError(heMedia.uploadFailed);
            return;
          }
        }
        setProgress({ message: he.wizard.progress.finishing, percent: 90 });
        {
          // Spec §4: send selected campaign leads; finish. Its answer is not read and its failure is swallowed.
          const leads = latest.current.campaignLeads?.();
          if (leads) await sendCampaignLeads({ orderID: result.orderID, ...leads });
        }
        latest.current.onSaved({ orderID: result.orderID, recordID: result.recordID }, result.chooseOrderType);
        setProgress(null);
        return;
      case 'failed':
        return fail();
    }
  }, [navigate, openLogin, progress]);

  return { save, progress, mainError, failure, clearMainError: () => setMainError(undefined) };
}
