/**
 * The app's browser history (behind `routing.tsx`): the current entry with its state and a key per entry, push and
 * replace, and back redirects. Every entry the app writes carries `{ usr: state, key, idx }` in history.state
 * (`idx` counts entries from the page load), so on popstate the store knows how far the user went and can undo
 * it before anything renders. Pure apart from the `HistoryHost` it is given (window in the app, a fake in tests).
 *
 * It also leaves entries for the popups (`leave`): a closed popup's own entry is popped by the store, and every
 * navigation asked for while such a pop is scheduled or on its way waits and runs after the browser has landed, in
 * the order asked. So a flow may close a popup and navigate (or open the next popup) at once: the new entry is never
 * written before the pop, where the pop would take it away again.
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
  /**
   * A popup's entry over the page. Any other navigation made from such an entry takes its place: the store pops back
   * to the page entry under it, then pushes the target (a replace too: it replaced the popup's entry, not the page's),
   * so a popup that navigates as it closes leaves no entry of its own behind the new one.
   */
  overlay?: boolean;
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
  /**
   * The Navigation API where the browser has it (window.navigation). Its back() goes to this page's own previous
   * entry, past the entries an iframe added to the joint session history (history.back() would only step back
   * inside them, a payment frame's form post for one).
   */
  readonly navigation?: { back(): { committed: Promise<unknown>; finished: Promise<unknown> } } | undefined;
}

interface Entry extends AppLocation {
  /** Position from the page load; null for an entry the app did not write (e.g. a hash link). */
  readonly idx: number | null;
  /** Written with `overlay` (a popup's entry). */
  readonly overlay: boolean;
}

interface Stored {
  usr?: unknown;
  key?: string;
  idx?: number;
  /** 1 on an overlay entry. */
  ov?: 1;
}

export interface HistoryStore {
  location(): AppLocation;
  subscribe(listener: () => void): () => void;
  navigate(to: To, options?: NavigateOptions): void;
  /** Adds a back redirect; returns its removal. The first one that answers a target wins. */
  redirectBack(redirect: BackRedirect): () => void;
  /**
   * Leaves the current entry backwards if `matches` it (a closed popup's own entry), after the current task, so
   * that the returned cancel (a React StrictMode remount) can keep the entry. Navigations asked for from now until
   * the browser has landed on the entry below wait and run after it, in order. `done` is called once the request
   * has been handled (popped, or dropped because the entry was no longer the current one), not after a cancel.
   */
  leave(matches: (location: AppLocation) => boolean, done?: () => void): () => void;
  /** Runs `action` now when no entry is being left, else after the pending pops and the navigations queued before. */
  afterPendingPops(action: () => void): void;
}

/** When the browser never reports the pop (history.go through an iframe's entry): go on after this long. */
export const LEAVE_TIMEOUT_MS = 2000;

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
    return {
      pathname,
      search,
      hash,
      state: s.usr ?? null,
      key: s.key ?? 'default',
      idx: s.idx ?? null,
      overlay: s.ov === 1,
    };
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

  type Op =
    /** `leftFrom`: the overlay entry a pop was made from for it (a second pop from the same entry is not tried). */
    | { kind: 'navigate'; to: To; options: NavigateOptions; leftFrom?: string }
    | { kind: 'leave'; matches: (location: AppLocation) => boolean; done: (() => void) | undefined }
    | { kind: 'run'; action: () => void };
  /** Requests waiting behind a scheduled or running pop, in the order asked. */
  const ops: Op[] = [];
  /** The pending run of `ops` (after the current task). */
  let opsTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set while a pop of ours is on its way: the popstate that lands it, or the safety timeout, clears it. */
  let popping: ReturnType<typeof setTimeout> | null = null;

  const busy = () => ops.length > 0 || popping !== null;

  function schedule(): void {
    if (opsTimer === null && popping === null) opsTimer = setTimeout(runOps, 0);
  }

  function runOps(): void {
    opsTimer = null;
    while (popping === null) {
      const op = ops[0];
      if (!op) return;
      if (op.kind === 'navigate' && leavesOverlay(op.options) && op.leftFrom !== current.key) {
        // From a popup's entry: back to the page entry first (again after each landing), then this navigation.
        op.leftFrom = current.key;
        pop();
        continue;
      }
      if (op.kind === 'leave' && !op.matches(current)) {
        // A nested popup's entry above this one, closed in the same commit (React cleans up the outer one first):
        // pop the nested entry first, then this one is current again.
        const above = ops.find((o): o is Extract<Op, { kind: 'leave' }> => o.kind === 'leave' && o.matches(current));
        if (above) {
          ops.splice(ops.indexOf(above), 1);
          pop();
          above.done?.();
          continue;
        }
      }
      ops.shift();
      // Popped from a popup's entry for it: the target takes the popup entry's place above the page.
      if (op.kind === 'navigate')
        write(op.to, op.leftFrom === undefined ? op.options : { ...op.options, replace: false });
      else if (op.kind === 'run') op.action();
      else {
        if (op.matches(current)) pop();
        op.done?.();
      }
    }
  }

  function pop(): void {
    popping = setTimeout(landed, LEAVE_TIMEOUT_MS);
    const nav = host.navigation;
    if (nav) {
      const result = nav.back();
      // Rejected when nothing was traversed (no earlier entry, or another navigation took over): go on at once.
      result.committed.catch(() => {
        if (popping !== null) landed();
      });
      result.finished.catch(() => undefined);
    } else {
      host.history.go(-1);
    }
  }

  /** Our pop has landed (or never will): show where the browser is and run what waited. */
  function landed(): void {
    if (popping !== null) clearTimeout(popping);
    popping = null;
    const next = read();
    if (next.key !== current.key || next.idx !== current.idx) {
      current = next;
      notify();
    }
    runOps();
  }

  const leavesOverlay = (options: NavigateOptions) => !options.overlay && current.overlay;

  function navigate(to: To, options: NavigateOptions = {}): void {
    if (busy()) {
      ops.push({ kind: 'navigate', to, options });
      schedule();
    } else if (leavesOverlay(options)) {
      ops.push({ kind: 'navigate', to, options });
      runOps();
    } else {
      write(to, options);
    }
  }

  function write(to: To, options: NavigateOptions): void {
    const url = resolveTo(to, current);
    const idx = current.idx ?? 0;
    const data: Stored = { usr: options.state ?? null, key: newKey(), idx: options.replace ? idx : idx + 1 };
    if (options.overlay) data.ov = 1;
    if (options.replace) host.history.replaceState(data, '', url);
    else host.history.pushState(data, '', url);
    current = read();
    notify();
  }

  host.addEventListener('popstate', () => {
    // Our own pop (a closed popup's entry): no back redirect, then what waited for it.
    if (popping !== null) return landed();
    const next = read();
    if (restoring) {
      const { key, target } = restoring;
      restoring = null;
      // Back on the entry that was left: nothing was shown in between; replace it with the redirect's target.
      if (next.key === key) {
        current = next;
        write(target, { replace: true });
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
    leave(matches, done) {
      const op: Op = { kind: 'leave', matches, done };
      ops.push(op);
      schedule();
      return () => {
        const at = ops.indexOf(op);
        if (at >= 0) ops.splice(at, 1);
        if (ops.length === 0 && opsTimer !== null) {
          clearTimeout(opsTimer);
          opsTimer = null;
        }
      };
    },
    afterPendingPops(action) {
      if (!busy()) return action();
      ops.push({ kind: 'run', action });
      schedule();
    },
  };
}
