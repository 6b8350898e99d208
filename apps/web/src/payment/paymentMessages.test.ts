import { describe, expect, it } from 'vitest';
import { frameableUrl, trustedPaymentFinished } from './paymentMessages.ts';

const ORIGIN = 'https://publish.example.co.il';
const frame = {} as Window;
const message = { type: 'payment-finished', OrderID: 50000001, ok: true, action: 'finish' };

describe('trustedPaymentFinished', () => {
  it('accepts the message from our origin and the payment frame', () => {
    expect(trustedPaymentFinished({ origin: ORIGIN, source: frame, data: message }, frame, ORIGIN)).toEqual(message);
  });

  it('refuses a forged origin, even from the frame', () => {
    for (const origin of ['https://evil.example', 'https://publish.example.co.il.evil.example', 'null', '']) {
      expect(trustedPaymentFinished({ origin, source: frame, data: message }, frame, ORIGIN)).toBeNull();
    }
  });

  it('refuses a forged source: another window of our origin, no window, or no frame opened', () => {
    const other = {} as Window;
    expect(trustedPaymentFinished({ origin: ORIGIN, source: other, data: message }, frame, ORIGIN)).toBeNull();
    expect(trustedPaymentFinished({ origin: ORIGIN, source: null, data: message }, frame, ORIGIN)).toBeNull();
    expect(trustedPaymentFinished({ origin: ORIGIN, source: null, data: message }, null, ORIGIN)).toBeNull();
  });

  it('refuses other message types and non-objects', () => {
    for (const data of [{ type: 'other' }, 'payment-finished', null, 42]) {
      expect(trustedPaymentFinished({ origin: ORIGIN, source: frame, data }, frame, ORIGIN)).toBeNull();
    }
  });

  it('reads a failure and the upgrade action', () => {
    const data = { type: 'payment-finished', OrderID: '7', ok: false, action: 'upgrade' };
    expect(trustedPaymentFinished({ origin: ORIGIN, source: frame, data }, frame, ORIGIN)).toEqual({
      type: 'payment-finished',
      OrderID: 7,
      ok: false,
      action: 'upgrade',
    });
  });
});

describe('frameableUrl', () => {
  it('frames http(s) pages only', () => {
    expect(frameableUrl('https://pay.example/session/1', ORIGIN)).toBe('https://pay.example/session/1');
    expect(frameableUrl('/sandbox/payments/1', ORIGIN)).toBe(`${ORIGIN}/sandbox/payments/1`);
    expect(frameableUrl('javascript:alert(1)', ORIGIN)).toBeUndefined();
    expect(frameableUrl('data:text/html,<b>x</b>', ORIGIN)).toBeUndefined();
    expect(frameableUrl('', ORIGIN)).toBeUndefined();
  });
});
