import { describe, expect, it } from 'vitest';
import { signVideoToken, verifyVideoToken } from './token.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const payload = { orderId: 50000001, customerId: 7, parentOrigin: 'http://localhost:3000', expiresAt: 2_000 };

describe('video token', () => {
  it('verifies what it signed until it expires; an expired one still names its parent', () => {
    const token = signVideoToken(SECRET, payload);
    expect(verifyVideoToken(SECRET, token, 1_999)).toEqual({ ok: true, payload });
    expect(verifyVideoToken(SECRET, token, 2_000)).toEqual({ ok: false, reason: 'expired', payload });
  });

  it('refuses another key, a changed payload, a changed signature and junk', () => {
    const token = signVideoToken(SECRET, payload);
    const [body, sig] = token.split('.') as [string, string];
    expect(verifyVideoToken(`${SECRET}x`, token, 0)).toEqual({ ok: false, reason: 'invalid' });
    const forged = Buffer.from(JSON.stringify({ o: 1, c: 7, p: 'http://localhost:3000', e: 2_000 })).toString(
      'base64url',
    );
    expect(verifyVideoToken(SECRET, `${forged}.${sig}`, 0)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyVideoToken(SECRET, `${body}.${sig.slice(0, -1)}A`, 0).ok).toBe(false);
    for (const junk of [undefined, '', '.', 'a.b.c', 'x'.repeat(2000), 42])
      expect(verifyVideoToken(SECRET, junk, 0)).toEqual({ ok: false, reason: 'invalid' });
  });
});
