import { describe, expect, it } from 'vitest';
import { auditDetailText } from './AuditTable.tsx';

describe("an audit entry's details in Hebrew", () => {
  it('says a decision as the status before and after, with the reason given to the advertiser', () => {
    expect(
      auditDetailText({ reviewId: 4, before: 'pending', after: 'rejected', template: 'other', text: 'תמונה לא ברורה' }),
    ).toBe('ממצב "ממתינה לבדיקה" למצב "נדחתה" · הסבר למפרסם: תמונה לא ברורה');
  });

  it('names the rules that changed and the words added and removed, not the JSON', () => {
    const before = { traderSecondHand: true, categories: [], newAccountDays: 0, words: ['קקאו', 'סמים'] };
    const after = { traderSecondHand: true, categories: [1], newAccountDays: 7, words: ['סמים', 'נשק'] };
    const said = auditDetailText({ before, after });
    expect(said).toBe(
      'שונו: חשבונות חדשים: מספר הימים מההרשמה (0: ללא); כל המודעות בקטגוריות · נוספו מילים: נשק · הוסרו מילים: קקאו',
    );
    expect(said).not.toMatch(/[A-Za-z]/);
  });

  it('says a refund, a block, a reset and a resent code; shows nothing of keys it does not know', () => {
    expect(auditDetailText({ payment: 'p1', amountAgorot: 2500, reason: 'כפל חיוב', refundId: 'r1' })).toBe(
      'סיבה: כפל חיוב · סכום: 25 ₪',
    );
    expect(auditDetailText({ cleared: 3 })).toBe('אופסו 3 ספירות');
    expect(auditDetailText({ phoneEnd: '567' })).toBe('למספר שמסתיים ב־567');
    expect(auditDetailText({ email: 'dana@example.co.il', role: 'support' })).toBe(
      'dana@example.co.il בתפקיד שירות לקוחות',
    );
    expect(auditDetailText({ internal: 'x' })).toBe('');
    expect(auditDetailText(undefined)).toBe('');
  });

  it('says a locked sign-in as the wrong codes that locked it and when the lock ends', () => {
    const until = new Date(2026, 10, 22, 13, 5).toISOString();
    expect(auditDetailText({ until, wrongCodes: 10 })).toBe(
      '10 קודי אימות שגויים בשעה · הכניסה נעולה עד 22/11/2026 13:05',
    );
    expect(auditDetailText({ until: 'not a time', wrongCodes: 10 })).toBe('10 קודי אימות שגויים בשעה');
  });
});
