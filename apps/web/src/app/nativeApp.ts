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
