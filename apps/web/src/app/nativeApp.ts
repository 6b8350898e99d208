/**
 * The native app (publish-wizard.md §6, after-save-area.md §4, §6): detection and the events posted to its wrapper.
 *
 * Detection: the app's web view starts its user agent with the app identifier (`YAD2_APP`, e.g.
 * 'YAD2_APP/5.2 (Android 14) Mozilla/5.0 …'), or the page runs in the app's web view: it was opened with
 * ?webview=1 (remembered for the tab in sessionStorage so in-app navigation keeps it) or the wrapper's bridge is there
 * (React Native's `ReactNativeWebView`, or an iOS `appEvents` message handler).
 */
const STORAGE_KEY = 'webview';

/** The identifier the app's user agent starts with. */
export const APP_USER_AGENT_PREFIX = 'YAD2_APP';

/** The wrapper events of the spec; README "Native app" says where each is posted. */
export const APP_EVENTS = {
  tivUser: 'onTivUser',
  carTraderUser: 'onCarTraderUser',
  adEdited: 'postedAdEditedSuccessfully',
  personalArea: 'onPersonalArea',
  logout: 'onLogout',
} as const;

interface NativeBridges {
  /** React Native's WebView. */
  ReactNativeWebView?: { postMessage(message: string): void };
  /** iOS WKWebView: the app registers the handler 'appEvents'. */
  webkit?: { messageHandlers?: { appEvents?: { postMessage(message: unknown): void } } };
}

export function detectNativeApp(userAgent: string, search: string, remembered: string | null, bridge = false): boolean {
  return (
    userAgent.trimStart().startsWith(APP_USER_AGENT_PREFIX) ||
    new URLSearchParams(search).get('webview') === '1' ||
    remembered === '1' ||
    bridge
  );
}

/** Whether the window has a wrapper's bridge (the page runs in the app's web view). */
export function hasAppBridge(win: Window): boolean {
  const bridges = win as Window & NativeBridges;
  return Boolean(bridges.ReactNativeWebView || bridges.webkit?.messageHandlers?.appEvents);
}

let cached: boolean | undefined;

export function isNativeApp(): boolean {
  if (cached === undefined) {
    let remembered: string | null = null;
    try {
      remembered = window.sessionStorage.getItem(STORAGE_KEY);
    } catch {
      remembered = null;
    }
    cached = detectNativeApp(window.navigator.userAgent, window.location.search, remembered, hasAppBridge(window));
    try {
      if (cached) window.sessionStorage.setItem(STORAGE_KEY, '1');
    } catch {
      // storage may be disabled; detection still works for this page load
    }
  }
  return cached;
}

/**
 * Hands a message to the wrapper's bridge: React Native's WebView gets the JSON string, an iOS web view the object
 * through its 'appEvents' handler. False when there is no bridge (or it threw).
 */
export function postToWrapper(win: Window, message: { event: string } & Record<string, unknown>): boolean {
  const bridges = win as Window & NativeBridges;
  try {
    if (bridges.ReactNativeWebView) {
      bridges.ReactNativeWebView.postMessage(JSON.stringify(message));
      return true;
    }
    const ios = bridges.webkit?.messageHandlers?.appEvents;
    if (ios) {
      ios.postMessage(message);
      return true;
    }
  } catch (error) {
    console.warn('the native app did not take the event', message.event, error);
  }
  return false;
}

/**
 * Posts an app event (onTivUser, onCarTraderUser, postedAdEditedSuccessfully, onPersonalArea, onLogout, and the plan
 * step's adUpgradeRequested) to the wrapper when the page runs inside the app: `{ event, ...data }`. Returns whether a
 * wrapper took it (false in a plain browser, where the caller does the web thing instead).
 */
export function postAppEvent(
  event: string,
  data: Record<string, unknown> = {},
  win: Window = window,
  inApp: () => boolean = isNativeApp,
): boolean {
  if (!inApp()) return false;
  return postToWrapper(win, { event, ...data });
}

/**
 * Going to the personal area (quit publishing, the finish page's and the landing page's links): inside the app the
 * wrapper shows its own personal area (onPersonalArea) and the page stays; elsewhere the browser goes to `url`.
 * Returns true when the app took it (a link's click handler then prevents the navigation).
 */
export function appTakesPersonalArea(): boolean {
  return postAppEvent(APP_EVENTS.personalArea);
}
