/**
 * The native app (publish-wizard.md §6, after-save-area.md §4, §6): detection and the events posted to its wrapper.
 *
 * Detection: the app's web view starts its user agent with the app identifier (`YAD2_APP`, e.g.
 * 'YAD2_APP/5.2 (Android 14) Mozilla/5.0 …'), or the page runs in the app's web view: it was opened with
 * ?webview=1 (remembered for the tab in sessionStorage so in-app navigation keeps it) or the wrapper's bridge is there
 * (React Native's `ReactNativeWebView`, or an iOS `appEvents` message handler). The events posted to the wrapper are
 * in appEvents.ts (loaded with the screens that post them, not with the first screen).
 */
import { nativeAppRequest, WEBVIEW_COOKIE } from '@app/contract/nativeApp';

const STORAGE_KEY = 'webview';

/** The identifier the app's user agent starts with (shared with the server). */
export { APP_USER_AGENT_PREFIX } from '@app/contract/nativeApp';

export interface NativeBridges {
  /** React Native's WebView. */
  ReactNativeWebView?: { postMessage(message: string): void };
  /** iOS WKWebView: the app registers the handler 'appEvents'. */
  webkit?: { messageHandlers?: { appEvents?: { postMessage(message: unknown): void } } };
}

export function detectNativeApp(userAgent: string, search: string, remembered: string | null, bridge = false): boolean {
  return nativeAppRequest(userAgent, new URLSearchParams(search).get('webview')) || remembered === '1' || bridge;
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
    // The server then leaves the web top bar out of this web view's next pages (a session cookie: the web view's life).
    if (cached) document.cookie = `${WEBVIEW_COOKIE}=1; path=/; SameSite=Lax`;
  }
  return cached;
}
