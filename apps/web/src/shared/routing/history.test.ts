import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppLocation, createHistoryStore, type HistoryHost, LEAVE_TIMEOUT_MS, resolveTo } from './history.ts';

/** A browser history in memory: entries, an index, popstate fired asynchronously after go() like browsers do. */
function fakeHost(url: string, state: unknown = null, options: { silentGo?: boolean } = {}) {
  const entries: { url: URL; state: unknown }[] = [{ url: new URL(url, 'http://app'), state }];
  let index = 0;
  let onPop: (() => void) | null = null;
  const gos: number[] = [];
  const at = () => entries[index] as { url: URL; state: unknown };
  const host: HistoryHost = {
    location: {
      get pathname() {
        return at().url.pathname;
      },
      get search() {
        return at().url.search;
      },
      get hash() {
        return at().url.hash;
      },
    },
    history: {
      get state() {
        return at().state;
      },
      pushState(data, _unused, to) {
        entries.splice(index + 1);
        entries.push({ url: new URL(to, at().url), state: structuredClone(data) });
        index += 1;
      },
      replaceState(data, _unused, to) {
        entries[index] = { url: new URL(to, at().url), state: structuredClone(data) };
      },
      go(delta) {
        gos.push(delta);
        index += delta;
        if (!options.silentGo) setTimeout(() => onPop?.(), 0);
      },
    },
    addEventListener(_type, listener) {
      onPop = listener;
    },
  };
  return { host, gos, urls: () => entries.map((e) => `${e.url.pathname}${e.url.search}`), index: () => index };
}

/**
 * Lets the popstates fired by go() run, including those a popstate handler's own go() fires: one timer turn at a
 * time (a single longer timer could expire before a chained popstate on a loaded machine).
 */
async function settle() {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('history store', () => {
  it('gives the loaded entry the key "default" and every navigation a new key, its state and an index', () => {
    const { host, urls } = fakeHost('/publish');
    const store = createHistoryStore(host);
    expect(store.location()).toMatchObject({ pathname: '/publish', search: '', key: 'default', state: null });
    store.navigate('/publish?cat=5', { state: { previousEntry: 'a' } });
    const pushed = store.location();
    expect(pushed).toMatchObject({ search: '?cat=5', state: { previousEntry: 'a' } });
    expect(pushed.key).not.toBe('default');
    store.navigate({ search: '?cat=5&step=1' }, { replace: true });
    expect(store.location().key).not.toBe(pushed.key);
    expect(store.location().state).toBeNull();
    expect(urls()).toEqual(['/publish', '/publish?cat=5&step=1']);
    expect(host.history.state).toMatchObject({ usr: null, idx: 1 });
  });

  it('a reload keeps the entry key and index written before', () => {
    const { host } = fakeHost('/publish?cat=1', { usr: { x: 1 }, key: 'k1', idx: 4 });
    const store = createHistoryStore(host);
    expect(store.location()).toMatchObject({ key: 'k1', state: { x: 1 } });
    store.navigate('/login');
    expect(host.history.state).toMatchObject({ idx: 5 });
  });

  it('a back redirect undoes the back before anyone sees the earlier entry and replaces the entry left', async () => {
    const { host, gos, urls, index } = fakeHost('/publish');
    const store = createHistoryStore(host);
    store.navigate('/publish?cat=5&step=2');
    const seen: string[] = [];
    store.subscribe(() => seen.push(`${store.location().pathname}${store.location().search}`));
    const calls: [AppLocation, AppLocation][] = [];
    store.redirectBack((from, to) => {
      calls.push([from, to]);
      return from.search.includes('step=2') ? '/publish?cat=5&step=1' : null;
    });

    host.history.go(-1); // the user's back button
    await settle();
    expect(gos).toEqual([-1, 1]);
    expect(calls.map(([from, to]) => [from.search, to.search])).toEqual([['?cat=5&step=2', '']]);
    expect(seen).toEqual(['/publish?cat=5&step=1']);
    expect(urls()).toEqual(['/publish', '/publish?cat=5&step=1']);
    expect(index()).toBe(1);

    // Without a target the back happens.
    host.history.go(-1);
    await settle();
    expect(seen).toEqual(['/publish?cat=5&step=1', '/publish']);
    expect(gos).toEqual([-1, 1, -1]);
  });

  it('forward and removed redirects are not redirected', async () => {
    const { host, gos } = fakeHost('/publish');
    const store = createHistoryStore(host);
    store.navigate('/publish?cat=5&step=2');
    store.navigate('/publish?cat=5&step=2', { state: { __popup: 'login' } });
    const remove = store.redirectBack((from) => (from.state === null ? '/publish?cat=5&step=1' : null));
    host.history.go(-1); // leaves the popup entry: its state is not null, so no redirect
    await settle();
    expect(store.location().state).toBeNull();
    host.history.go(1); // forward onto the popup entry
    await settle();
    expect(store.location().state).toEqual({ __popup: 'login' });
    remove();
    host.history.go(-2);
    await settle();
    expect(store.location().search).toBe('');
    expect(gos).toEqual([-1, 1, -2]);
  });

  it('resolves a path, a query of this page and an object without a pathname', () => {
    const here = { pathname: '/publish', search: '?cat=1' };
    expect(resolveTo('/login?continue=%2Fpublish', here)).toBe('/login?continue=%2Fpublish');
    expect(resolveTo('?cat=2', here)).toBe('/publish?cat=2');
    expect(resolveTo({ search: '?cat=3&step=1' }, here)).toBe('/publish?cat=3&step=1');
    expect(resolveTo({ search: 'cat=3', hash: 'x' }, here)).toBe('/publish?cat=3#x');
    expect(resolveTo({ pathname: '/edit/7' }, here)).toBe('/edit/7');
  });

  describe('leaving a popup entry', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const popupState = { __popup: 'p1' };
    const isPopup = (location: AppLocation) => (location.state as { __popup?: string } | null)?.__popup === 'p1';

    it('a navigation asked for in the same task as the pop runs after the pop has landed', async () => {
      const { host, gos, urls } = fakeHost('/plan');
      const store = createHistoryStore(host);
      store.navigate('/plan', { state: popupState });
      const done: string[] = [];
      store.leave(isPopup, () => done.push('p1'));
      store.navigate('/finishArea');
      // Nothing is written under the pop.
      expect(urls()).toEqual(['/plan', '/plan']);
      await settle();
      expect(gos).toEqual([-1]);
      expect(done).toEqual(['p1']);
      expect(urls()).toEqual(['/plan', '/finishArea']);
      expect(store.location()).toMatchObject({ pathname: '/finishArea', state: null });
      expect(host.history.state).toMatchObject({ idx: 1 });
    });

    it('a navigation asked for while the pop is on its way waits for its popstate; a replace replaces the entry below', async () => {
      const { host, gos, urls, index } = fakeHost('/publish?cat=5&step=1');
      const store = createHistoryStore(host);
      store.navigate('/publish?cat=5&step=1', { state: popupState });
      store.leave(isPopup);
      await new Promise((resolve) => setTimeout(resolve, 0)); // the pop is issued, its popstate not yet fired
      expect(gos).toEqual([-1]);
      store.navigate({ search: '?cat=5&step=2' }, { replace: true });
      await settle();
      expect(urls()).toEqual(['/publish?cat=5&step=2', '/publish?cat=5&step=1']);
      expect(index()).toBe(0);
      expect(host.history.state).toMatchObject({ idx: 0, usr: null });
    });

    it('the next popup opened while one closes gets its entry after the pop, not above the closed one', async () => {
      const { host, urls, index } = fakeHost('/my-ads');
      const store = createHistoryStore(host);
      store.navigate('/my-ads', { state: popupState });
      store.leave(isPopup);
      store.navigate('/my-ads', { state: { __popup: 'p2' } });
      await settle();
      expect(urls()).toEqual(['/my-ads', '/my-ads']);
      expect(index()).toBe(1);
      expect(store.location().state).toEqual({ __popup: 'p2' });
    });

    it('the pop is no back for the back redirects', async () => {
      const { host, gos } = fakeHost('/publish?cat=5&step=2');
      const store = createHistoryStore(host);
      store.redirectBack(() => '/publish?cat=5&step=1');
      store.navigate('/publish?cat=5&step=2', { state: popupState });
      store.leave(isPopup);
      await settle();
      expect(gos).toEqual([-1]);
      expect(store.location()).toMatchObject({ search: '?cat=5&step=2', state: null });
    });

    it('a cancelled leave (StrictMode remount) keeps the entry; an entry no longer current is not popped', async () => {
      const { host, gos, urls } = fakeHost('/plan');
      const store = createHistoryStore(host);
      store.navigate('/plan', { state: popupState });
      const done: string[] = [];
      store.leave(isPopup, () => done.push('cancelled'))();
      await settle();
      expect(gos).toEqual([]);
      expect(done).toEqual([]);
      store.navigate('/finishArea');
      store.leave(isPopup, () => done.push('dropped'));
      await settle();
      expect(gos).toEqual([]);
      expect(done).toEqual(['dropped']);
      expect(urls()).toEqual(['/plan', '/plan', '/finishArea']);
    });

    it('pops with the Navigation API where there is one (it steps over an iframe’s entries)', async () => {
      const fake = fakeHost('/my-ads?upgrade=7');
      const backs: number[] = [];
      const host: HistoryHost = {
        ...fake.host,
        navigation: {
          back() {
            backs.push(1);
            fake.host.history.go(-1);
            return { committed: Promise.resolve(), finished: Promise.resolve() };
          },
        },
      };
      const store = createHistoryStore(host);
      store.navigate('/my-ads?upgrade=7', { state: popupState });
      store.leave(isPopup);
      await settle();
      expect(backs).toEqual([1]);
      expect(store.location().state).toBeNull();
    });

    it('a pop the browser never reports (history.go inside a removed frame) lets the waiting navigations go after a while', async () => {
      vi.useFakeTimers();
      const { host, urls } = fakeHost('/plan', null, { silentGo: true });
      const store = createHistoryStore(host);
      store.navigate('/plan', { state: popupState });
      store.leave(isPopup);
      store.navigate('/finishArea');
      await vi.advanceTimersByTimeAsync(LEAVE_TIMEOUT_MS - 1);
      expect(store.location().pathname).toBe('/plan');
      await vi.advanceTimersByTimeAsync(1);
      expect(store.location().pathname).toBe('/finishArea');
      expect(urls()).toEqual(['/plan', '/finishArea']);
    });

    it('a navigation from a popup entry (a popup that navigates as it closes) first pops it, nested ones too', async () => {
      const { host, gos, urls, index } = fakeHost('/plan');
      const store = createHistoryStore(host);
      store.navigate('/plan', { state: popupState, overlay: true });
      store.navigate('/finishArea');
      expect(urls()).toEqual(['/plan', '/plan']);
      await settle();
      expect(urls()).toEqual(['/plan', '/finishArea']);
      expect(index()).toBe(1);
      expect(host.history.state).toMatchObject({ idx: 1, usr: null });
      expect(host.history.state).not.toHaveProperty('ov');

      store.navigate('/finishArea', { state: popupState, overlay: true });
      store.navigate('/finishArea', { state: { __popup: 'p2' }, overlay: true }); // nested: pushed over it
      expect(urls()).toEqual(['/plan', '/finishArea', '/finishArea', '/finishArea']);
      store.navigate('/contactus');
      await settle();
      expect(gos).toEqual([-1, -1, -1]);
      expect(urls()).toEqual(['/plan', '/finishArea', '/contactus']);
      expect(store.location()).toMatchObject({ pathname: '/contactus', state: null });

      // A replace from a popup's entry replaces the popup's entry, not the page under it (the chooser's ad-type popup).
      store.navigate('/contactus', { state: popupState, overlay: true });
      store.navigate('/publish?cat=1', { replace: true });
      await settle();
      expect(urls()).toEqual(['/plan', '/finishArea', '/contactus', '/publish?cat=1']);
      expect(host.history.state).toMatchObject({ idx: 3, usr: null });
    });

    it('an outer and a nested popup closed together pop both entries, whichever asked first', async () => {
      const { host, gos, urls, index } = fakeHost('/my-ads');
      const store = createHistoryStore(host);
      store.navigate('/my-ads', { state: popupState, overlay: true });
      store.navigate('/my-ads', { state: { __popup: 'p2' }, overlay: true });
      store.leave(isPopup); // the outer popup's cleanup runs first
      store.leave((location) => (location.state as { __popup?: string } | null)?.__popup === 'p2');
      await settle();
      expect(gos).toEqual([-1, -1]);
      expect(index()).toBe(0);
      expect(store.location().state).toBeNull();
      store.navigate('/publish');
      expect(urls()).toEqual(['/my-ads', '/publish']);
    });

    it('runs a document load after the pending pops', async () => {
      const { host } = fakeHost('/plan');
      const store = createHistoryStore(host);
      store.navigate('/plan', { state: popupState });
      store.leave(isPopup);
      const seen: unknown[] = [];
      store.afterPendingPops(() => seen.push(store.location().state));
      expect(seen).toEqual([]);
      await settle();
      expect(seen).toEqual([null]);
      store.afterPendingPops(() => seen.push('now'));
      expect(seen).toEqual([null, 'now']);
    });
  });
});
