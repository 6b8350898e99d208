import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { videoOriginFor } from './host.ts';
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

describe('videoOriginFor', () => {
  const req = (host: string | undefined, headers: Record<string, string> = {}) =>
    ({ headers: { host, ...headers }, socket: {} }) as unknown as IncomingMessage;
  const plain = { VIDEO_PUBLIC_ORIGIN: undefined, TRUST_PROXY: false };

  it('is the page’s host name with the video port, so localhost and a LAN address both work', () => {
    expect(videoOriginFor(plain, req('localhost:3000'), 3001)).toBe('http://localhost:3001');
    expect(videoOriginFor(plain, req('192.168.1.20:3000'), 3001)).toBe('http://192.168.1.20:3001');
    expect(videoOriginFor(plain, req('[::1]:3000'), 3001)).toBe('http://[::1]:3001');
  });

  it('never puts a strange Host header into the CSP, and ignores forwarded headers unless trusted', () => {
    expect(videoOriginFor(plain, req("evil; script-src 'unsafe-inline'"), 3001)).toBe('http://localhost:3001');
    expect(videoOriginFor(plain, req(undefined), 3001)).toBe('http://localhost:3001');
    const forwarded = req('internal:3000', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ads.example.co.il' });
    expect(videoOriginFor(plain, forwarded, 3001)).toBe('http://internal:3001');
    expect(videoOriginFor({ ...plain, TRUST_PROXY: true }, forwarded, 3001)).toBe('https://ads.example.co.il:3001');
  });

  it('is VIDEO_PUBLIC_ORIGIN when set', () => {
    const config = { VIDEO_PUBLIC_ORIGIN: 'https://video.example.co.il', TRUST_PROXY: true };
    expect(videoOriginFor(config, req('localhost:3000'), 3001)).toBe('https://video.example.co.il');
  });
});
