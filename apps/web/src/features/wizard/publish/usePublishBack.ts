import { isPopupEntry } from '../../../shared/popups/index.ts';
import { useBackRedirect } from '../../../shared/routing/index.ts';
import { backTarget, readStep } from './publishQuery.ts';

/**
 * Browser back on /publish at step 1 or more moves to step minus one (publish-wizard.md §2), although step
 * changes replace the query: the routing store undoes the back before anything renders and replaces the entry
 * with the previous step. Leaving a popup's own history entry only closes the popup.
 */
export function usePublishBack(): void {
  useBackRedirect((from) => {
    const query = new URLSearchParams(from.search);
    if (from.pathname !== '/publish' || readStep(query) < 1 || isPopupEntry(from.state)) return null;
    return backTarget(query);
  });
}
