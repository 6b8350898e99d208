/**
 * Native-app detection (spec §6): the app's web view adds the token YAD2_APP to its user agent, or opens the
 * page with ?webview=1 (remembered for the tab in sessionStorage so in-app navigation keeps it).
 */
const STORAGE_KEY = 'webview';

export function detectNativeApp(userAgent: string, search: string, remembered: string | null): boolean {
  return /YAD2_APP/.test(userAgent) || new URLSearchParams(search).get('webview') === '1' || remembered === '1';
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
    cached = detectNativeApp(window.navigator.userAgent, window.location.search, remembered);
    try {
      if (cached) window.sessionStorage.setItem(STORAGE_KEY, '1');
    } catch {
      // storage may be disabled; detection still works for this page load
    }
  }
  return cached;
}

interface NativeBridges {
  /** React Native's WebView. */
  ReactNativeWebView?: { postMessage(message: string): void };
  /** iOS WKWebView: the app registers the handler 'appEvents'. */
  webkit?: { messageHandlers?: { appEvents?: { postMessage(message: unknown): void } } };
}

/**
 * Posts an app event (after-save-area.md §6 "App events": postedAdEditedSuccessfully, …) to the native-app wrapper
 * when the page runs inside it: React Native's WebView gets the JSON string { event, ...data }, an iOS web view
 * the same object through its 'appEvents' handler. Returns whether a wrapper took it (false in a plain browser).
 */
export function postAppEvent(event: string, data: Record<string, unknown> = {}, win: Window = window): boolean {
  if (!isNativeApp()) return false;
  const bridges = win as Window & NativeBridges;
  const message = { event, ...data };
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
    console.warn('the native app did not take the event', event, error);
  }
  return false;
}
