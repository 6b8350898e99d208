import { wizardEarlyPaths } from '@app/contract/publishPaths';
import { fetchSiteConfig, startEarly } from '../../../shared/api/index.ts';
import { preloadable } from '../../../shared/routing/index.ts';
import { preloadMediaCode } from '../../media/index.ts';

/** The wizard's code (one chunk and what it imports). */
export const publishWizardCode = preloadable(() => import('../PublishWizard.tsx').then((m) => m.default));

/**
 * A /publish page opened on a wizard step (a reload, a link, a return from login): the wizard's code, its
 * fields and the draft are asked for at once, beside the step area's chunk, instead of one after the other
 * once each piece has run (the page's first step otherwise waits for about five dependent round trips).
 * At the sub-category picker (step 0) only the code is loaded ahead: the choice is not made yet.
 */
export function startWizardEarly(params: URLSearchParams): void {
  // A failed load is shown by the step area when it renders the wizard (useLoaded throws it to the boundary).
  publishWizardCode.load().catch(() => undefined);
  void fetchSiteConfig();
  // The fields and the draft (at step 1 or more), asked for without waiting to know who is logged in (a guest's
  // refusal is harmless: a guest is sent to log in, and a login drops the early answers, shared/session/CustomerContext.tsx).
  // The server names the same paths in the page's HTML, so these requests take the answers already on the way.
  for (const path of wizardEarlyPaths(params)) startEarly(path);
  // Opened on the photos step or past it, the page's HTML names the photo field's chunk (the server knows the
  // catalogue's steps: apps/server/src/platform/http/page-preloads.ts): its code is run now, so the step paints whole in
  // the form's first render instead of its field a moment later (a second, larger paint after the step's).
  if (document.querySelector('link[rel="modulepreload"][href*="/assets/media-"]')) preloadMediaCode();
}
