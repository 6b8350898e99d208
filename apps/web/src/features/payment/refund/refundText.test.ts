import { describe, expect, it } from 'vitest';
import { refundText } from './refundText.ts';

describe('refund texts', () => {
  it('say the payment was refunded (or is being refunded), how much and why, in Hebrew', () => {
    expect(refundText({ status: 'refunded', agorot: 14900, reason: 'notDelivered' })).toBe(
      'התשלום הוחזר: 149 ₪ הוחזרו לאמצעי התשלום, כי המודעה פורסמה בלי התשלום הזה.',
    );
    expect(refundText({ status: 'pending', agorot: 4990, reason: 'notDelivered' })).toMatch(
      /^התשלום יוחזר: החזר של 49.90 ₪ .*פורסמה בלי התשלום הזה\.$/,
    );
  });

  it('say a refused ad that never went live was given its money back', () => {
    expect(refundText({ status: 'refunded', agorot: 14900, reason: 'adRejected' })).toBe(
      'התשלום הוחזר: 149 ₪ הוחזרו לאמצעי התשלום, כי המודעה לא אושרה לפרסום ולא עלתה לאתר.',
    );
    expect(refundText({ status: 'pending', agorot: 14900, reason: 'adRejected' })).toBe(
      'התשלום יוחזר: החזר של 149 ₪ לאמצעי התשלום בטיפול, כי המודעה לא אושרה לפרסום ולא עלתה לאתר.',
    );
  });
});
