import { useEffect, useState } from 'react';

/**
 * Code loaded on demand that can also be asked for ahead (when the page knows it will be needed) and, once it is
 * here, rendered at once. `useLoaded` waits with a state change instead of React.lazy + Suspense: React holds back
 * the reveal of a suspended boundary for 300 ms after its fallback showed (Suspense throttling), which on the
 * wizard's first step cost a quarter of a second of a blank step on every load, even with the code already here.
 */
export interface Preloadable<T> {
  /** Starts the load (once; again after a failure) and resolves with the module's export. */
  load(): Promise<T>;
  /** The export when it has arrived, else undefined. */
  loaded(): T | undefined;
}

export function preloadable<T>(factory: () => Promise<T>): Preloadable<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load() {
      pending ??= factory().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

/**
 * The export of `code`, loading it if needed: undefined while it is on the way (render a placeholder). A failed
 * load is thrown during render, to the nearest error boundary, as React.lazy would.
 */
export function useLoaded<T>(code: Preloadable<T>): T | undefined {
  const [state, setState] = useState<{ value?: T; error?: unknown }>(() => ({ value: code.loaded() }));
  const missing = state.value === undefined && state.error === undefined;
  useEffect(() => {
    if (!missing) return;
    let alive = true;
    code.load().then(
      (value) => alive && setState({ value }),
      (error: unknown) => alive && setState({ error }),
    );
    return () => {
      alive = false;
    };
  }, [code, missing]);
  if (state.error !== undefined) throw state.error;
  return state.value;
}

/**
 * Runs `task` once the page is idle after its first paint (requestIdleCallback where there is one, else a short
 * timer): work for later steps (their code, their prefills) does not compete with the step being shown. Returns a
 * cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
