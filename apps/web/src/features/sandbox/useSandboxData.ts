import { useCallback, useEffect, useState } from 'react';
import { sandboxKey } from '../../shared/api/index.ts';
import { useSearchParams } from '../../shared/routing/index.ts';

/** What a sandbox call answers: its data, or that the key is missing or wrong, or that it failed. */
export type SandboxLoad<T> = { kind: 'ok'; value: T } | { kind: 'keyNeeded' } | { kind: 'failed' };
export type SandboxStatus = 'idle' | 'loading' | 'failed' | 'keyNeeded';

/**
 * The sandbox key of a sandbox page: the ?key= of the link in the server's start-up log, kept for the tab
 * (session storage) and then removed from the address bar, so it is neither bookmarked nor sent on.
 */
export function useSandboxKey() {
  const [params, setParams] = useSearchParams();
  const [key] = useState(() => sandboxKey(params.get('key')));
  useEffect(() => {
    if (params.has('key')) {
      const rest = new URLSearchParams(params);
      rest.delete('key');
      setParams(rest, { replace: true });
    }
  }, [params, setParams]);
  return { key, params, setParams };
}

/**
 * A sandbox page's data, read with its key: `read` (memoised by the page on what it depends on) is called at once
 * and whenever it changes while `autoLoad` holds, and again on `load()`.
 */
export function useSandboxData<T>(
  key: string | undefined,
  read: (key: string | undefined) => Promise<SandboxLoad<T>>,
  autoLoad: boolean,
) {
  const [data, setData] = useState<T | null>(null);
  const [status, setStatus] = useState<SandboxStatus>(key ? (autoLoad ? 'loading' : 'idle') : 'keyNeeded');
  const load = useCallback(async () => {
    setStatus('loading');
    const result = await read(key);
    setData(result.kind === 'ok' ? result.value : null);
    setStatus(result.kind === 'ok' ? 'idle' : result.kind);
  }, [read, key]);
  useEffect(() => {
    if (autoLoad) void load();
  }, [autoLoad, load]);
  return { data, status, load };
}
