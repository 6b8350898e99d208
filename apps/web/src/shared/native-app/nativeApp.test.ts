import { CHOOSER_TILES } from '@app/catalog/chooser';
import { describe, expect, it, vi } from 'vitest';
import { APP_EVENTS, postAppEvent, postToWrapper } from './appEvents.ts';
import { traderAppEvent } from './appTraderEvents.ts';
import { detectNativeApp, hasAppBridge } from './nativeApp.ts';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Mobile Safari/537.36';

describe('detectNativeApp', () => {
  it.each<[string, Parameters<typeof detectNativeApp>, boolean]>([
    ['a user agent that starts with the app identifier', [`YAD2_APP/5.2 (Android 14) ${CHROME}`, '', null], true],
    ['the identifier only inside the user agent (not a prefix)', [`${CHROME} YAD2_APP`, '', null], false],
    ['a plain browser', [CHROME, '', null], false],
    ['opened in the web view with ?webview=1', [CHROME, '?cat=1&webview=1', null], true],
    ['?webview=0', [CHROME, '?webview=0', null], false],
    ['remembered for the tab', [CHROME, '', '1'], true],
    ["the wrapper's bridge is there", [CHROME, '', null, true], true],
  ])('%s → %s', (_name, args, inApp) => {
    expect(detectNativeApp(...args)).toBe(inApp);
  });

  it('sees a bridge of React Native or of iOS', () => {
    expect(hasAppBridge({ ReactNativeWebView: { postMessage() {} } } as unknown as Window)).toBe(true);
    const ios = { webkit: { messageHandlers: { appEvents: { postMessage() {} } } } };
    expect(hasAppBridge(ios as unknown as Window)).toBe(true);
    expect(hasAppBridge({ webkit: { messageHandlers: {} } } as unknown as Window)).toBe(false);
  });
});

describe('posting app events', () => {
  it("gives React Native the JSON string and iOS the object through 'appEvents'", () => {
    const rn = vi.fn();
    expect(postToWrapper({ ReactNativeWebView: { postMessage: rn } } as unknown as Window, { event: 'onLogout' })).toBe(
      true,
    );
    expect(rn).toHaveBeenCalledWith('{"event":"onLogout"}');
    const ios = vi.fn();
    const win = { webkit: { messageHandlers: { appEvents: { postMessage: ios } } } } as unknown as Window;
    expect(postToWrapper(win, { event: 'onPersonalArea' })).toBe(true);
    expect(ios).toHaveBeenCalledWith({ event: 'onPersonalArea' });
  });

  it('posts nothing in a plain browser, or when the app has no bridge or it throws', () => {
    const rn = vi.fn();
    const win = { ReactNativeWebView: { postMessage: rn } } as unknown as Window;
    expect(postAppEvent(APP_EVENTS.logout, {}, win, () => false)).toBe(false);
    expect(rn).not.toHaveBeenCalled();
    expect(postAppEvent(APP_EVENTS.logout, {}, {} as Window, () => true)).toBe(false);
    const broken = {
      ReactNativeWebView: {
        postMessage() {
          throw new Error('gone');
        },
      },
    } as unknown as Window;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(postAppEvent(APP_EVENTS.logout, {}, broken, () => true)).toBe(false);
  });

  it('inside the app sends the event with its data', () => {
    const rn = vi.fn();
    const win = { ReactNativeWebView: { postMessage: rn } } as unknown as Window;
    expect(postAppEvent(APP_EVENTS.adEdited, { orderID: 50000001 }, win, () => true)).toBe(true);
    expect(JSON.parse(rn.mock.calls[0]?.[0])).toEqual({ event: 'postedAdEditedSuccessfully', orderID: 50000001 });
  });
});

describe('traderAppEvent (the chooser business menus)', () => {
  const entries = CHOOSER_TILES.flatMap((tile) => (tile.target.kind === 'adType' ? tile.target.business.entries : []));
  const entry = (id: string) => {
    const found = entries.find((e) => e.id === id);
    if (!found) throw new Error(`no entry ${id}`);
    return found.target;
  };

  it('a vehicle trader sent to the partner site: onCarTraderUser, instead of the link', () => {
    expect(traderAppEvent(entry('vehicle-1'))).toEqual({
      event: 'onCarTraderUser',
      data: { catId: 1, subCatId: 1 },
      replacesNavigation: true,
    });
    expect(traderAppEvent(entry('vehicle-13'))?.event).toBe('onCarTraderUser');
  });

  it('a real-estate broker: onTivUser, and publishing goes on', () => {
    expect(traderAppEvent(entry('sale'))).toEqual({
      event: 'onTivUser',
      data: { catId: 2, subCatId: 1 },
      replacesNavigation: false,
    });
    expect(traderAppEvent(entry('commercial'))?.data).toEqual({ catId: 2, subCatId: 4 });
  });

  it('nothing for the promotion page of motorcycles and for private ads', () => {
    expect(traderAppEvent(entry('vehicle-4'))).toBeUndefined();
    expect(traderAppEvent({ kind: 'publish', params: { cat: '1' } })).toBeUndefined();
  });
});
