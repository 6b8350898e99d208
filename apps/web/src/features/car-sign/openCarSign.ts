/** Opening the car sign from the finish page (after-save-area.md §4, §9: "sign window 870x605"). */

export const SIGN_WINDOW = { width: 870, height: 605 } as const;

export const carSignPath = (orderId: string | number): string => `/print/carQR/${encodeURIComponent(String(orderId))}`;

type Opener = (url: string, target: string, features: string) => Window | null;

/**
 * Opens the sign in its own 870x605 window; false when the browser blocked it (the caller then follows the link).
 * `noopener` is not asked for (the browser would answer null even on success): the link back is cut by hand.
 */
export function openCarSign(orderId: string | number, open: Opener = (...args) => window.open(...args)): boolean {
  const opened = open(carSignPath(orderId), 'carSign', `width=${SIGN_WINDOW.width},height=${SIGN_WINDOW.height}`);
  if (!opened) return false;
  opened.opener = null;
  return true;
}
