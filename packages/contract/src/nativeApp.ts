/**
 * How a request or a page knows it runs in the native app's web view (publish-wizard.md §6): the app's user agent
 * starts with this identifier, or the page was opened with ?webview=1. Shared by the web app (which hides its top bar
 * there) and the server (which leaves the top bar out of such a page's HTML).
 */
export const APP_USER_AGENT_PREFIX = 'YAD2_APP';

/**
 * The session cookie the web app sets once it knows it runs in the app (by its user agent, ?webview=1 or the
 * wrapper's bridge, which the server cannot see): a later page load of that web view (a reload, a full navigation
 * without the query) is known to be the app's before any script runs.
 */
export const WEBVIEW_COOKIE = 'webview';
const WEBVIEW_COOKIE_SET = new RegExp(`(?:^|;\\s*)${WEBVIEW_COOKIE}=1(?:;|$)`);

/** Whether a request's user agent, query or cookie says the native app. */
export function nativeAppRequest(userAgent: string, webviewParam: string | null, cookieHeader = ''): boolean {
  return userAgent.startsWith(APP_USER_AGENT_PREFIX) || webviewParam === '1' || WEBVIEW_COOKIE_SET.test(cookieHeader);
}
