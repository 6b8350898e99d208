import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearEarly, getOnce, startEarly } from './early.ts';

describe('answers asked for ahead', () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    clearEarly();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify({ n: calls.length }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('an early GET is taken by the first caller of the same path, once', async () => {
    startEarly('/api/publish/fields?cat=1');
    startEarly('/api/publish/fields?cat=1');
    expect(calls).toEqual(['/api/publish/fields?cat=1']);
    expect((await getOnce('/api/publish/fields?cat=1')).data).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Taken: the next caller asks the server again.
    expect((await getOnce('/api/publish/fields?cat=1')).data).toEqual({ n: 2 });
  });

  it('a path its owner asked for already is not started again (no unused request)', async () => {
    await getOnce('/api/publish/draft?cat=1');
    startEarly('/api/publish/draft?cat=1');
    expect(calls).toEqual(['/api/publish/draft?cat=1']);
  });

  it('another path is not answered from an early GET', async () => {
    startEarly('/api/publish/fields?cat=1');
    expect((await getOnce('/api/publish/fields?cat=2')).data).toEqual({ n: 2 });
    expect(calls).toEqual(['/api/publish/fields?cat=1', '/api/publish/fields?cat=2']);
  });

  it('an early answer older than 15 s is not used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    startEarly('/api/publish/draft?cat=1');
    vi.setSystemTime(Date.now() + 16_000);
    expect((await getOnce('/api/publish/draft?cat=1')).data).toEqual({ n: 2 });
  });

  it('clearEarly (a login or logout) drops what was asked for by the session before', async () => {
    startEarly('/api/publish/draft?cat=1');
    clearEarly();
    expect((await getOnce('/api/publish/draft?cat=1')).data).toEqual({ n: 2 });
  });
});
