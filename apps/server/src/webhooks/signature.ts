/**
 * The webhook signature, as integrators check it (docs/webhooks.md): `X-Yad-Signature: t=<unix seconds>,v1=<hex>`,
 * where the hex is HMAC-SHA256 of `<t>.<body>` under the subscriber's secret. The time inside the signed text lets a
 * receiver refuse an old request replayed.
 */
import crypto from 'node:crypto';

export const SIGNATURE_HEADER = 'x-yad-signature';
export const EVENT_ID_HEADER = 'x-yad-event-id';
export const EVENT_TYPE_HEADER = 'x-yad-event-type';

export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
