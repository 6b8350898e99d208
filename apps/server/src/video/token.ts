import crypto from 'node:crypto';

/**
 * The video token: what the parent page hands the video iframe, and the only credential of the video
 * host, which shares no cookie with the app (another origin). HMAC-SHA256 over the payload, so the video host
 * trusts the OrderID, the customer and the parent origin it names without a database call; short-lived, and
 * checked on every tus request. The parent origin is where the iframe posts its messages and the only origin
 * that may frame the upload page: it comes from here, never from the query.
 */
export interface VideoTokenPayload {
  /** OrderID. */
  orderId: number;
  customerId: number;
  /** The web origin that asked for the token (the only allowed parent). */
  parentOrigin: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

interface Wire {
  o: number;
  c: number;
  p: string;
  e: number;
}

function mac(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(`video-token.v1.${body}`).digest('base64url');
}

export function signVideoToken(secret: string, payload: VideoTokenPayload): string {
  const wire: Wire = { o: payload.orderId, c: payload.customerId, p: payload.parentOrigin, e: payload.expiresAt };
  const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

export type VideoTokenCheck =
  | { ok: true; payload: VideoTokenPayload }
  /** A genuine token past its time: the page can still tell its parent (the origin is trusted). */
  | { ok: false; reason: 'expired'; payload: VideoTokenPayload }
  | { ok: false; reason: 'invalid' };

/** Checks the signature first (constant time), then the shape and the expiry. */
export function verifyVideoToken(secret: string, token: unknown, now: number): VideoTokenCheck {
  if (typeof token !== 'string' || token.length > 1024) return { ok: false, reason: 'invalid' };
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return { ok: false, reason: 'invalid' };
  const want = Buffer.from(mac(secret, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) return { ok: false, reason: 'invalid' };
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { o, c, p, e } = wire;
  if (
    !Number.isSafeInteger(o) ||
    !Number.isSafeInteger(c) ||
    typeof p !== 'string' ||
    !/^https?:\/\/[^/?#\s]+$/.test(p) ||
    !Number.isFinite(e)
  )
    return { ok: false, reason: 'invalid' };
  const payload = { orderId: o as number, customerId: c as number, parentOrigin: p, expiresAt: e as number };
  return now < payload.expiresAt ? { ok: true, payload } : { ok: false, reason: 'expired', payload };
}
