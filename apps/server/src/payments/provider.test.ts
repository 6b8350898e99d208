import { describe, expect, it } from 'vitest';
import { NOTIFY_HEADERS, signNotification, verifySignedNotification } from './provider.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const now = new Date('2026-11-22T10:00:00Z');
const body = { eventId: 'evt_12345678', kind: 'payment.succeeded', sessionId: 'ps_x', merchantRef: 'pay_y' };

function headers(raw: string, opts: { ts?: number; eventId?: string; secret?: string } = {}) {
  const ts = opts.ts ?? Math.floor(now.getTime() / 1000);
  const eventId = opts.eventId ?? body.eventId;
  return {
    [NOTIFY_HEADERS.timestamp]: String(ts),
    [NOTIFY_HEADERS.eventId]: eventId,
    [NOTIFY_HEADERS.signature]: signNotification(opts.secret ?? SECRET, ts, eventId, raw),
  };
}

describe('signed notifications', () => {
  const raw = JSON.stringify(body);
  it('accepts the exact bytes signed with the secret within five minutes', () => {
    expect(verifySignedNotification(SECRET, raw, headers(raw), now)).toEqual({ ok: true, event: body });
    const edge = Math.floor(now.getTime() / 1000) - 299;
    expect(verifySignedNotification(SECRET, raw, headers(raw, { ts: edge }), now).ok).toBe(true);
  });
  it('refuses another secret, changed bytes, an old or future time, and an event id the body does not carry', () => {
    expect(verifySignedNotification(SECRET, raw, headers(raw, { secret: `${SECRET}x` }), now)).toMatchObject({
      reason: 'signature',
    });
    expect(verifySignedNotification(SECRET, `${raw} `, headers(raw), now)).toMatchObject({ reason: 'signature' });
    const old = Math.floor(now.getTime() / 1000) - 301;
    expect(verifySignedNotification(SECRET, raw, headers(raw, { ts: old }), now)).toMatchObject({
      reason: 'timestamp',
    });
    expect(verifySignedNotification(SECRET, raw, headers(raw, { ts: old + 602 }), now)).toMatchObject({
      reason: 'timestamp',
    });
    expect(verifySignedNotification(SECRET, raw, headers(raw, { eventId: 'evt_other001' }), now)).toMatchObject({
      reason: 'malformed',
    });
    expect(verifySignedNotification(SECRET, raw, {}, now)).toMatchObject({ reason: 'malformed' });
  });
});
