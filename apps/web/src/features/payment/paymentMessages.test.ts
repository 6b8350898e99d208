import { describe, expect, it } from 'vitest';
import { frameableUrl } from './paymentMessages.ts';

const ORIGIN = 'https://publish.example.co.il';

describe('frameableUrl', () => {
  it('frames http(s) pages only', () => {
    expect(frameableUrl('https://pay.example/session/1', ORIGIN)).toBe('https://pay.example/session/1');
    expect(frameableUrl('/sandbox/payments/1', ORIGIN)).toBe(`${ORIGIN}/sandbox/payments/1`);
    expect(frameableUrl('javascript:alert(1)', ORIGIN)).toBeUndefined();
    expect(frameableUrl('data:text/html,<b>x</b>', ORIGIN)).toBeUndefined();
    expect(frameableUrl('', ORIGIN)).toBeUndefined();
  });
});
