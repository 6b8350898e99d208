/**
 * The debug control panel's toggles (publish-wizard.md §6, after-save-area.md §2 "Debug control panel"), kept in a
 * cookie for 43,200 minutes (spec §9 "debug cookie lifetime"). Only a debug-mode customer sees the panel that
 * writes it; without the cookie every toggle is at its default (the product as everyone has it).
 */
export interface DebugSettings {
  /** Show each field's id on it. */
  fieldIds: boolean;
  /** The browser's leave-page warning while a change is unsaved (spec §4: "can be switched on and off"). */
  leaveWarning: boolean;
  /** Log the form's values to the browser console on every change. */
  logValues: boolean;
}

export const DEBUG_COOKIE = 'publish_debug';
export const DEBUG_COOKIE_MINUTES = 43_200;
export const DEFAULT_DEBUG: DebugSettings = { fieldIds: false, leaveWarning: true, logValues: false };

const KEYS: Record<keyof DebugSettings, string> = { fieldIds: 'ids', leaveWarning: 'leave', logValues: 'log' };

/** The settings in a cookie value ('ids=1&leave=0&log=0'); a missing or odd key keeps its default. */
export function parseDebugSettings(value: string | undefined): DebugSettings {
  const params = new URLSearchParams(value ?? '');
  const read = (key: keyof DebugSettings) => {
    const raw = params.get(KEYS[key]);
    return raw === '1' ? true : raw === '0' ? false : DEFAULT_DEBUG[key];
  };
  return { fieldIds: read('fieldIds'), leaveWarning: read('leaveWarning'), logValues: read('logValues') };
}

export function serializeDebugSettings(settings: DebugSettings): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(KEYS) as (keyof DebugSettings)[]) params.set(KEYS[key], settings[key] ? '1' : '0');
  return params.toString();
}

/** The Set-Cookie text of the settings: 30 days (43,200 minutes), the whole site. */
export function debugCookie(settings: DebugSettings): string {
  return `${DEBUG_COOKIE}=${encodeURIComponent(serializeDebugSettings(settings))}; Max-Age=${DEBUG_COOKIE_MINUTES * 60}; path=/; SameSite=Lax`;
}

function cookieValue(cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEBUG_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function readDebugSettings(cookies: string = document.cookie): DebugSettings {
  return parseDebugSettings(cookieValue(cookies));
}

export function writeDebugSettings(settings: DebugSettings): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie; the Cookie Store API is not everywhere
  document.cookie = debugCookie(settings);
}

/** Whether the wizard warns before the page is left with unsaved changes (on unless the debug panel turned it off). */
export function leaveWarningEnabled(): boolean {
  try {
    return readDebugSettings().leaveWarning;
  } catch {
    return true;
  }
}
