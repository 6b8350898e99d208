import { PAYMENT_FAILURE_REASONS } from '@app/contract/orders';
import { describe, expect, it } from 'vitest';
import { hePaymentFailure } from '../../shared/i18n/index.ts';
import { paymentFailureMessage } from './paymentFailure.ts';

/** The spec's generic payment failure (after-save-area.md §2 "Payment failure"), verbatim. */
const GENERIC = 'אופס, תהליך התשלום נכשל, אנא נסו שוב מאוחר יותר';

describe('the payment failure message', () => {
  it('a declined card says its own reason alone, never the generic failure with it', () => {
    const message = paymentFailureMessage({ paymentFailure: 'card_declined' }, false);
    expect(message).toEqual({
      reason: 'card_declined',
      text: 'חברת האשראי דחתה את העסקה, והכרטיס לא חויב. אפשר לנסות כרטיס אחר, או לשלם באפליקציית תשלום בנייד.',
    });
    expect(message?.text).not.toContain('נסו שוב מאוחר יותר');
  });

  it('every reason has one text of its own, which is not the generic failure', () => {
    const texts = PAYMENT_FAILURE_REASONS.map((reason) => paymentFailureMessage({ paymentFailure: reason }, false));
    for (const [index, reason] of PAYMENT_FAILURE_REASONS.entries()) {
      expect(texts[index]).toEqual({ reason, text: hePaymentFailure.reasons[reason] });
      expect(texts[index]?.text).not.toContain(GENERIC);
    }
    expect(new Set(texts.map((m) => m?.text)).size).toBe(PAYMENT_FAILURE_REASONS.length);
  });

  it('without a reason, or when the finish page could not be asked, the spec generic failure verbatim', () => {
    expect(paymentFailureMessage({}, false)).toEqual({ reason: 'unknown', text: GENERIC });
    expect(paymentFailureMessage(undefined, true)).toEqual({ reason: 'unknown', text: GENERIC });
  });

  it('nothing while the server has not answered, so no text is replaced by another', () => {
    expect(paymentFailureMessage(undefined, false)).toBeUndefined();
  });
});
