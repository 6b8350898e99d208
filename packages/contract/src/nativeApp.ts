/**
 * How a request or a page knows it runs in the native app's web view (publish-wizard.md §6): the app's user agent
 * starts with this identifier, or the page was opened with ?webview=1. Shared by the web app (which hides its top bar
 * there) and the server (which leaves the top bar out of such a page's HTML).
 */
export const APP_USER_AGENT_PREFIX = 'YAD2_APP';

/** Whether a request's user agent and query say the native app (the web app also remembers it and looks for the
 * wrapper's bridge, which the server cannot see). */
export function nativeAppRequest(userAgent: string, webviewParam: string | null): boolean {
  return userAgent.startsWith(APP_USER_AGENT_PREFIX) || webviewParam === '1';
}
