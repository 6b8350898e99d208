import { useEffect, useRef } from 'react';
import { type AppLocation, leaveEntry, useLocation, useNavigate } from '../routing/index.ts';

/**
 * Popups close on browser back (spec §2 "Popups"). Opening pushes a router history entry for the same URL
 * whose state carries a popup marker; leaving that entry (back, or a navigation that replaces it) closes the
 * popup; closing the popup normally pops the entry again. Entries are pushed and popped through the app's history
 * store (shared/routing/history.ts), so its entry index stays consistent for the back-to-the-previous-step redirect, and a
 * navigation (or the next popup's entry) asked for while a closed popup's entry is being popped waits for the pop:
 * callers never wait themselves. The store pops with the Navigation API's back() where the browser has it, which
 * also steps over the entries a payment iframe's own navigations added.
 */
const MARKER = '__popup';
const pushed = new Set<string>();
/** The scheduled pops of closed popups (by popup id), cancelled by a StrictMode remount. */
const pendingLeave = new Map<string, () => void>();

const markerOf = (location: AppLocation) => (location.state as Record<string, unknown> | null)?.[MARKER];

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
    const cancel = pendingLeave.get(id);
    if (cancel !== undefined) {
      // React StrictMode remount: keep the entry pushed by the first mount.
      cancel();
      pendingLeave.delete(id);
    }
    if (!pushed.has(id)) {
      pushed.add(id);
      const { pathname, search, hash, state } = opening.current;
      const base = typeof state === 'object' && state !== null ? state : {};
      void navigate(
        { pathname, search, hash },
        { state: { ...base, [MARKER]: id }, preventScrollReset: true, overlay: true },
      );
    }
    return () => {
      // The store pops the entry after this task (a StrictMode remount cancels it) if it is still the current one.
      pendingLeave.set(
        id,
        leaveEntry(
          (location) => markerOf(location) === id,
          () => {
            pendingLeave.delete(id);
            pushed.delete(id);
          },
        ),
      );
    };
  }, [id, navigate]);

  useEffect(() => {
    if (markerOf(location) === id) {
      entryKey.current = location.key;
    } else if (entryKey.current !== null) {
      entryKey.current = null;
      if (keepOnBack) {
        const { pathname, search, hash, state } = location;
        const base = typeof state === 'object' && state !== null ? state : {};
        void navigate(
          { pathname, search, hash },
          { state: { ...base, [MARKER]: id }, preventScrollReset: true, overlay: true },
        );
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
