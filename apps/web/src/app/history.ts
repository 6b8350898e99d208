/**
 * The app's browser history (behind `routing.tsx`): the current entry with its state and a key per entry, push and
 * replace, and back redirects. Every entry the app writes carries `{ usr: state, key, idx }` in history.state
 * (`idx` counts entries from the page load), so on popstate the store knows how far the user went and can undo
 * it before anything renders. Pure apart from the `HistoryHost` it is given (window in the app, a fake in tests).
 */

export interface AppLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /** The state given to navigate() for this entry (null when none). */
  readonly state: unknown;
  /** Unique per history entry; 'default' for the entry the page was loaded on. */
  readonly key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for callers written for react-router; the app restores no scroll positions, so nothing resets. */
  preventScrollReset?: boolean;
}

/**
 * Called on a browser back (popstate to an earlier entry of this page) before anything renders. Returns where to
 * go instead — the store returns to the entry the user left and replaces it with the target — or null to let the
 * back happen.
 */
export type BackRedirect = (from: AppLocation, to: AppLocation) => To | null;

export interface HistoryHost {
  readonly location: { pathname: string; search: string; hash: string };
  readonly history: {
    readonly state: unknown;
    pushState(data: unknown, unused: string, url: string): void;
    replaceState(data: unknown, unused: string, url: string): void;
    go(delta: number): void;
  };
  addEventListener(type: 'popstate', listener: () => void): void;
}

interface Entry extends AppLocation {
  /** Position from the page load; null for an entry the app did not write (e.g. a hash link). */
  readonly idx: number | null;
}

interface Stored {
  usr?: unknown;
  key?: string;
  idx?: number;
}

export interface HistoryStore {
  location(): AppLocation;
  subscribe(listener: () => void): () => void;
  navigate(to: To, options?: NavigateOptions): void;
  /** Adds a back redirect; returns its removal. The first one that answers a target wins. */
  redirectBack(redirect: BackRedirect): () => void;
}

let keySeq = 0;
const newKey = () => `${Date.now().toString(36)}${(keySeq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function stored(state: unknown): Stored {
  return typeof state === 'object' && state !== null ? (state as Stored) : {};
}

/** The URL (path, query, hash) of `to` seen from `from`; an object without a pathname keeps the current one. */
export function resolveTo(to: To, from: { pathname: string; search: string }): string {
  if (typeof to === 'string') {
    const url = new URL(to, `http://app${from.pathname}${from.search}`);
    return `${url.pathname}${url.search}${url.hash}`;
  }
  const search = to.search && to.search !== '?' ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '';
  const hash = to.hash && to.hash !== '#' ? (to.hash.startsWith('#') ? to.hash : `#${to.hash}`) : '';
  return `${to.pathname ?? from.pathname}${search}${hash}`;
}

export function createHistoryStore(host: HistoryHost): HistoryStore {
  const read = (): Entry => {
    const s = stored(host.history.state);
    const { pathname, search, hash } = host.location;
    return { pathname, search, hash, state: s.usr ?? null, key: s.key ?? 'default', idx: s.idx ?? null };
  };

  // The entry the page was loaded on (or reloaded: its key and index stay) gets an index.
  if (read().idx === null) {
    const s = stored(host.history.state);
    host.history.replaceState({ ...s, usr: s.usr ?? null, key: s.key ?? 'default', idx: 0 }, '', currentUrl());
  }
  let current = read();
  const listeners = new Set<() => void>();
  const redirects = new Set<BackRedirect>();
  /** Set while the store undoes a back: the target to replace the restored entry with. */
  let restoring: { key: string; target: To } | null = null;

  function currentUrl(): string {
    const { pathname, search, hash } = host.location;
    return `${pathname}${search}${hash}`;
  }

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function navigate(to: To, options: NavigateOptions = {}): void {
    const url = resolveTo(to, current);
    const idx = current.idx ?? 0;
    const data: Stored = { usr: options.state ?? null, key: newKey(), idx: options.replace ? idx : idx + 1 };
    if (options.replace) host.history.replaceState(data, '', url);
    else host.history.pushState(data, '', url);
    current = read();
    notify();
  }

  host.addEventListener('popstate', () => {
    const next = read();
    if (restoring) {
      const { key, target } = restoring;
      restoring = null;
      // Back on the entry that was left: nothing was shown in between; replace it with the redirect's target.
      if (next.key === key) {
        current = next;
        navigate(target, { replace: true });
        return;
      }
    }
    const delta = current.idx !== null && next.idx !== null ? current.idx - next.idx : 0;
    if (delta > 0) {
      for (const redirect of redirects) {
        const target = redirect(current, next);
        if (target === null) continue;
        restoring = { key: current.key, target };
        host.history.go(delta);
        return;
      }
    }
    current = next;
    notify();
  });

  return {
    location: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    redirectBack(redirect) {
      redirects.add(redirect);
      return () => redirects.delete(redirect);
    },
  };
}
