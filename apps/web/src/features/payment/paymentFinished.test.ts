import type { PaymentFinishedMessage } from '@app/contract/orders';
import { describe, expect, it } from 'vitest';
import {
  isPaymentFinishedMessage,
  listenPaymentFinished,
  type MessageWindow,
  postPaymentFinished,
} from './paymentFinished.ts';

const ORIGIN = 'https://ads.example';
const message: PaymentFinishedMessage = { type: 'payment-finished', OrderID: 50000001, ok: true, action: 'finish' };

/** A window stand-in: keeps its message listeners and delivers events to them. */
function fakeWindow(origin = ORIGIN) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const win: MessageWindow = {
    location: { origin },
    addEventListener: (_type, l) => listeners.add(l),
    removeEventListener: (_type, l) => listeners.delete(l),
  };
  const deliver = (event: { origin: string; source: unknown; data: unknown }) => {
    for (const l of listeners) l(event as unknown as MessageEvent);
  };
  return { win, deliver, listeners };
}

describe('listenPaymentFinished', () => {
  const frameWindow = { name: 'payment frame' };
  const iframe = { contentWindow: frameWindow as unknown as Window };

  it('accepts the message of our origin from the payment iframe', () => {
    const { win, deliver } = fakeWindow();
    const got: PaymentFinishedMessage[] = [];
    listenPaymentFinished(iframe, (m) => got.push(m), win);
    deliver({ origin: ORIGIN, source: frameWindow, data: { ...message, extra: 'dropped' } });
    expect(got).toEqual([message]);
  });

  it.each([
    ['another origin', 'https://evil.example'],
    ['a look-alike origin', 'https://ads.example.evil.example'],
    ['the same host on another port (the payment host)', 'https://ads.example:3002'],
    ['the other scheme', 'http://ads.example'],
    ['an opaque origin', 'null'],
  ])('ignores a forged origin: %s', (_name, origin) => {
    const { win, deliver } = fakeWindow();
    const got: unknown[] = [];
    listenPaymentFinished(iframe, (m) => got.push(m), win);
    deliver({ origin, source: frameWindow, data: message });
    expect(got).toEqual([]);
  });

  it('ignores a forged window: another frame or tab of our own origin, or none', () => {
    const { win, deliver } = fakeWindow();
    const got: unknown[] = [];
    listenPaymentFinished(iframe, (m) => got.push(m), win);
    deliver({ origin: ORIGIN, source: { name: 'another frame' }, data: message });
    deliver({ origin: ORIGIN, source: null, data: message });
    deliver({ origin: ORIGIN, source: win, data: message });
    expect(got).toEqual([]);
    // An iframe without a window (removed) accepts nothing either.
    const gone = fakeWindow();
    listenPaymentFinished({ contentWindow: null }, (m) => got.push(m), gone.win);
    gone.deliver({ origin: ORIGIN, source: null, data: message });
    expect(got).toEqual([]);
  });

  it('ignores other shapes, and stops when asked', () => {
    const { win, deliver, listeners } = fakeWindow();
    const got: unknown[] = [];
    const stop = listenPaymentFinished(iframe, (m) => got.push(m), win);
    for (const data of ['payment-finished', { ...message, OrderID: '1' }, { ...message, action: 'other' }, null])
      deliver({ origin: ORIGIN, source: frameWindow, data });
    expect(got).toEqual([]);
    stop();
    expect(listeners.size).toBe(0);
    deliver({ origin: ORIGIN, source: frameWindow, data: message });
    expect(got).toEqual([]);
  });
});

describe('postPaymentFinished', () => {
  it('posts to the parent with our own origin as the target, never *', () => {
    const posted: [unknown, string][] = [];
    postPaymentFinished(message, {
      parent: { postMessage: (m, target) => posted.push([m, target]) },
      location: { origin: ORIGIN },
    });
    expect(posted).toEqual([[message, ORIGIN]]);
    expect(isPaymentFinishedMessage(posted[0]?.[0])).toBe(true);
  });
});
