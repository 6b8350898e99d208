/**
 * The events posted to the native app's wrapper (publish-wizard.md §6, after-save-area.md §4): apps/web README
 * "Native app" says where each is posted. Kept apart from nativeApp.ts (the first screen's detection) so that only
 * the screens that post them load them.
 */
import { isNativeApp, type NativeBridges } from './nativeApp.ts';

/** The wrapper events of the spec; README "Native app" says where each is posted. */
export const APP_EVENTS = {
  tivUser: 'onTivUser',
  carTraderUser: 'onCarTraderUser',
  adEdited: 'postedAdEditedSuccessfully',
  personalArea: 'onPersonalArea',
  logout: 'onLogout',
} as const;

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
