/** The payment popups' checks of what the server gives them (the message guard is paymentFinished.ts). */

/** A payment page URL the server gave, when it may be framed: http(s) only (never javascript:, data:, blob:). */
export function frameableUrl(value: string | undefined, origin: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
