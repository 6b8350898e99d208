import { isNativeApp } from '../../shared/native-app/index.ts';

/**
 * Inside the native app, whether the app pays for upgrades itself (spec §4 "Native app": with upgrade disabled a
 * paid track posts adUpgradeRequested instead of paying). Ours: the app says so with ?disableUpgrade=1 when it
 * opens the page, remembered for the tab like ?webview=1. Kept out of shared/native-app/nativeApp.ts (in the first screen): only
 * the plan step asks.
 */
export function detectUpgradeDisabled(search: string, remembered: string | null): boolean {
  return new URLSearchParams(search).get('disableUpgrade') === '1' || remembered === '1';
}

export function isAppUpgradeDisabled(): boolean {
  if (!isNativeApp()) return false;
  let remembered: string | null = null;
  try {
    remembered = window.sessionStorage.getItem('disableUpgrade');
  } catch {
    remembered = null;
  }
  const disabled = detectUpgradeDisabled(window.location.search, remembered);
  try {
    if (disabled) window.sessionStorage.setItem('disableUpgrade', '1');
  } catch {
    // storage may be disabled
  }
  return disabled;
}
