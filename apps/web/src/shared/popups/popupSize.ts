/** Popup sizing rules (publish-wizard.md §2 "Popups", §9; after-save-area.md §9). */

export interface PopupSize {
  width: number;
  height?: number;
  /** A size of its own on mobile (the thank-you popup: 341x330), instead of 90% of the screen. */
  mobile?: { width: number; height?: number };
}

/**
 * 'login' is the 700 px login popup that fills the screen on mobile; 'video' the we-check video popup, its own
 * width on larger screens (700x460) and 95% on mobile (after-save-area.md §9); everything else follows the general rule.
 */
export type PopupKind = 'default' | 'login' | 'video';

/** Default popup size of the spec (§9: default popup size 10 px is a minimum; we use a readable default). */
export const DEFAULT_POPUP_SIZE: PopupSize = { width: 480 };

/**
 * CSS width of a popup: on mobile 90% (login 100%; a popup with a mobile size of its own takes it, the
 * overlay's max width keeping it on screen); otherwise a width over 700 is capped at 600 and a
 * width over 480 is scaled by 0.8 (the login and video popups keep their 700 px).
 */
export function popupWidth(size: PopupSize, isMobile: boolean, kind: PopupKind = 'default'): string {
  if (kind === 'login') return isMobile ? '100%' : `${size.width}px`;
  if (kind === 'video') return isMobile ? '95%' : `${size.width}px`;
  if (isMobile) return size.mobile ? `${size.mobile.width}px` : '90%';
  if (size.width > 700) return '600px';
  if (size.width > 480) return `${Math.round(size.width * 0.8)}px`;
  return `${size.width}px`;
}

/** CSS min-height of a popup (content may grow it; mobile lets the content decide). */
export function popupMinHeight(size: PopupSize, isMobile: boolean): string | undefined {
  const height = isMobile ? size.mobile?.height : size.height;
  return height ? `${height}px` : undefined;
}
