import { useCallback, useEffect } from 'react';
import { type BlockerFunction, useBlocker, useLocation, useNavigate } from 'react-router';
import { isPopupEntry } from '../popups/popupHistory.ts';
import { backTarget, readStep } from './publishQuery.ts';

/**
 * Browser back on /publish at step 1 or more moves to step minus one (publish-wizard.md §2), although
 * step changes replace the query: the back navigation is blocked, the router restores the entry, and the
 * entry is then replaced by the previous step. Leaving a popup's own history entry only closes the popup.
 */
export function usePublishBack(): void {
  const location = useLocation();
  const navigate = useNavigate();

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation, historyAction }) =>
      historyAction === 'POP' &&
      currentLocation.key !== nextLocation.key &&
      currentLocation.pathname === '/publish' &&
      readStep(new URLSearchParams(currentLocation.search)) >= 1 &&
      !isPopupEntry(currentLocation.state),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const target = backTarget(new URLSearchParams(location.search));
    blocker.reset();
    const go = () => navigate(target, { replace: true });
    // The router restores our entry with history.go(); replace it only once that has happened.
    const restored = (window.history.state as { key?: string } | null)?.key === location.key;
    // (Not removed on cleanup: reset() re-runs this effect before that popstate arrives.)
    if (restored) go();
    else window.addEventListener('popstate', go, { once: true });
  }, [blocker, location.key, location.search, navigate]);
}
