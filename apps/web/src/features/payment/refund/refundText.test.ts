import { describe, expect, it } from 'vitest';
import { refundText } from './refundText.ts';

describe('refund texts', () => {
  it('say the payment was refunded (or is being refunded) and how much, in Hebrew', () => {
    expect(refundText({ status: 'refunded', agorot: 14900 })).toMatch(/^התשלום הוחזר: 149 ₪ הוחזרו/);
    expect(refundText({ status: 'pending', agorot: 4990 })).toMatch(/^התשלום יוחזר: החזר של 49.90 ₪/);
  });
});
