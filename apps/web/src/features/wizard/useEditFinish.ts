import type { OrderEditedResponse } from '@app/contract/publish';
import { useCallback, useState } from 'react';
import { orderEdited } from '../../shared/api/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { postAppEvent } from '../../shared/native-app/index.ts';
import { useOpenLogin } from '../login/index.ts';
import { followRedirect } from './redirects.ts';
import type { SaveFailure } from './SaveFailedPopup.tsx';
import { localHash, type Progress } from './useSaveChain.ts';

/** The window event an edit's finish raises once order-edited answered (detail: { orderID, response }). */
export const FINISH_UPDATE_EVENT = 'publish:finish-update';

export type EditFinishResult = 'navigated' | 'finished' | 'stopped';

/**
 * The edit-login step's finish (after-save-area.md §4 "Publish button", edit mode): after save-ad/{id} the edit is
 * published with order-edited; then a finish-update event is raised, the answer's events go to the native-app
 * wrapper, and its redirect is followed (same origin or allowlisted). An error stops the progress: a session that
 * ended on the way opens the login (the edit is saved, pressing again finishes it), anything else the failure
 * popup with its hash.
 */
export function useEditFinish(adId: string, urlAllowlist: readonly string[]) {
  const openLogin = useOpenLogin();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<SaveFailure>();

  const finish = useCallback(async (): Promise<EditFinishResult> => {
    setProgress({ message: he.wizard.progress.publishingEdit, percent: 95 });
    const outcome = await orderEdited(adId);
    if (outcome.kind === 'failed') {
      setProgress(null);
      if (outcome.status === 422) openLogin('login');
      else setFailure({ hash: outcome.hash ?? localHash() });
      return 'stopped';
    }
    const response: OrderEditedResponse = outcome.response;
    window.dispatchEvent(new CustomEvent(FINISH_UPDATE_EVENT, { detail: { orderID: Number(adId), response } }));
    for (const event of response.events ?? []) postAppEvent(event, { orderID: Number(adId) });
    if (response.redirect) {
      if (followRedirect(response.redirect, urlAllowlist)) return 'navigated';
      setProgress(null);
      setFailure({ hash: localHash() });
      return 'stopped';
    }
    setProgress(null);
    return 'finished';
  }, [adId, openLogin, urlAllowlist]);

  return { finish, progress, failure };
}
