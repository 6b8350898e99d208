import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../app/routing.tsx';

/**
 * Popups close on browser back (spec §2 "Popups"). Opening pushes a router history entry for the same URL
 * whose state carries a popup marker; leaving that entry (back, or a navigation that replaces it) closes the
 * popup; closing the popup normally pops the entry again. Entries are pushed through the app's history store
 * (app/history.ts), so its entry index stays consistent for the back-to-the-previous-step redirect.
 */
const MARKER = '__popup';
const pushed = new Set<string>();
const pendingBack = new Map<string, ReturnType<typeof setTimeout>>();

/** Is this location state (or history.state.usr) the entry of an open popup? */
export function isPopupEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && MARKER in state;
}

/**
 * `keepOnBack`: a popup that may not be closed (the generic failure popup) puts its entry back when browser
 * back leaves it, so the page under it does not move either.
 */
export function usePopupHistory(id: string, onBack: () => void, keepOnBack = false): void {
  const location = useLocation();
  const navigate = useNavigate();
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;
  const entryKey = useRef<string | null>(null);
  const opening = useRef(location);

  useEffect(() => {
    const pending = pendingBack.get(id);
    if (pending !== undefined) {
      // React StrictMode remount: keep the entry pushed by the first mount.
      clearTimeout(pending);
      pendingBack.delete(id);
    }
    if (!pushed.has(id)) {
      pushed.add(id);
      const { pathname, search, hash, state } = opening.current;
      const base = typeof state === 'object' && state !== null ? state : {};
      void navigate({ pathname, search, hash }, { state: { ...base, [MARKER]: id }, preventScrollReset: true });
    }
    return () => {
      // Deferred so a StrictMode remount can cancel it and a navigation made while closing lands first.
      pendingBack.set(
        id,
        setTimeout(() => {
          pendingBack.delete(id);
          pushed.delete(id);
          const usr = (window.history.state as { usr?: Record<string, unknown> } | null)?.usr;
          if (usr?.[MARKER] === id) window.history.back();
        }, 0),
      );
    };
  }, [id, navigate]);

  useEffect(() => {
    const marker = (location.state as Record<string, unknown> | null)?.[MARKER];
    if (marker === id) {
      entryKey.current = location.key;
    } else if (entryKey.current !== null) {
      entryKey.current = null;
      if (keepOnBack) {
        const { pathname, search, hash, state } = location;
        const base = typeof state === 'object' && state !== null ? state : {};
        void navigate({ pathname, search, hash }, { state: { ...base, [MARKER]: id }, preventScrollReset: true });
      } else {
        onBackRef.current();
      }
    }
  }, [location, id, keepOnBack, navigate]);
}

let openCount = 0;

/** Adds `popup-opened` to <body> and makes the page behind the popups inert while at least one is open. */
export function markPopupOpened(): () => void {
  openCount += 1;
  document.body.classList.add('popup-opened');
  document.getElementById('root')?.setAttribute('inert', '');
  return () => {
    openCount -= 1;
    if (openCount === 0) {
      document.body.classList.remove('popup-opened');
      document.getElementById('root')?.removeAttribute('inert');
    }
  };
}

/**
 * Resolves once no closed popup's history entry is still to be popped (its deferred history.back() has run and
 * the browser has left the entry), or after `maxMs`. A flow that navigates right after closing a popup (the
 * wizard's move after a reminder) waits for it: otherwise the pending back() lands after the new entry and takes
 * the page back to where the popup was opened.
 */
export async function popupHistorySettled(maxMs = 1000): Promise<void> {
  const started = Date.now();
  const open = () => {
    const usr = (window.history.state as { usr?: Record<string, unknown> } | null)?.usr;
    return pendingBack.size > 0 || Boolean(usr && MARKER in usr);
  };
  while (open() && Date.now() - started < maxMs) await new Promise((resolve) => setTimeout(resolve, 16));
}
