/**
 * The Hebrew texts of the plan step's finish and of the finish page (after-save-area.md §2 "Finish
 * page variants", §4). Kept beside messages.ts so the plans and payments work does not crowd one file.
 */

import { SERVICE_PHONE } from '@app/contract/orders';

export { SERVICE_PHONE };

export const plansHe = {
  trackUnknown: 'המסלול שנבחר אינו זמין למודעה הזו. יש לבחור מסלול מהרשימה',
  trackNeedsPayment: 'המסלול שנבחר כרוך בתשלום. יש להשלים את התשלום כדי לפרסם את המודעה',
  noPlan: 'לקטגוריה הזו אין מסלולי פרסום',
  adNotDraft: 'אי אפשר לפרסם את המודעה במצבה הנוכחי',
  /** The buy-package contact form named a package that is not on sale (for the ad's category). */
  packageUnknown: 'החבילה שנבחרה אינה זמינה. יש לבחור חבילה מהרשימה',
  /** The finish page's alert (after-save-area.md §3 "Alert message") of an ad the owner can set right. */
  finishNotice: {
    rejected: {
      titleMessage: 'הסיבה שהמודעה לא אושרה',
      edit: 'עריכה ושליחה מחדש',
      editTip: 'אחרי העריכה המודעה חוזרת לבדיקה של נציג',
    },
    blocked: {
      titleMessage: 'המודעה ממתינה לבדיקה של נציג',
      message: 'יש בה מילים שאינן מותרות לפרסום. אפשר לנסח אותן מחדש בעריכה, והיא תחזור לבדיקה.',
      edit: 'עריכת המודעה',
      editTip: 'אחרי העריכה נציג יבדוק את המודעה שוב',
    },
  },
  finish: {
    active: {
      title: 'תודה, המודעה שלך פורסמה!',
      message: (endsAt: string) => `המודעה מופיעה עכשיו בלוח ותישאר בו עד ${endsAt}. בהצלחה!`,
    },
    pending: {
      title: 'תודה, המודעה התקבלה',
      message: 'המודעה תעלה לאתר לאחר שנבדוק אותה. הבדיקה נמשכת בדרך כלל עד יום עסקים אחד.',
      reason: 'מודעות של סוחרים ביד שנייה נבדקות לפני שהן עולות לאתר',
      /** Held by another rule (a category, a new account, a photo): the rule itself is not told. */
      otherReason: 'נציג בודק את המודעה לפני שהיא עולה לאתר',
    },
    rejected: {
      title: 'המודעה לא אושרה לפרסום',
      message: 'בדקנו את המודעה ולא נוכל לפרסם אותה כפי שהיא. אפשר לערוך אותה ולשלוח אותה שוב לבדיקה.',
    },
    outOfSlots: {
      title: 'המודעה נשמרה, אבל עדיין לא פורסמה',
      message: 'בחבילת הפרסום שלך לא נותרו מודעות פנויות או שתוקפה הסתיים. אפשר לחדש את החבילה כדי לפרסם.',
      reason: 'אין מודעות פנויות בחבילה, או שתוקף החבילה הסתיים',
    },
    /** Held before its plan again without words not allowed: a refused ad's edit (moderation/resubmit.ts). */
    resent: {
      title: 'המודעה נשלחה שוב לבדיקה',
      message: 'נציג יבדוק את המודעה. אחרי שנאשר אותה אפשר יהיה לבחור לה מסלול ולפרסם אותה.',
      reason: 'נציג בודק את המודעה שוב אחרי העריכה',
    },
    blocked: {
      title: 'המודעה נשמרה ותיבדק לפני הפרסום',
      message: 'המודעה כוללת מילים שאינן מותרות לפרסום. נציג יבדוק אותה, ואפשר גם לערוך אותה ולפרסם שוב.',
      reason: 'המודעה כוללת מילים שאינן מותרות לפרסום',
    },
    awaitingPayment: {
      title: 'ממתינים לאישור התשלום',
      message: 'התשלום עדיין בטיפול. המודעה תפורסם מיד כשנקבל את אישור חברת התשלומים.',
    },
    paid: {
      title: 'התשלום התקבל, תודה!',
      message: 'המודעה עולה לאתר ברגעים אלה.',
    },
    paymentFailed: {
      title: 'אופס, תהליך התשלום נכשל, נסו שוב מאוחר יותר',
      message: `לעזרה אפשר לפנות לשירות הלקוחות בטלפון ${SERVICE_PHONE}`,
    },
    phonePaymentRequested: {
      title: 'תודה, בקשת התשלום הטלפוני התקבלה',
      message: 'נציג קו העסקים יתקשר אליך בימים א׳–ה׳ בין 09:00 ל־18:00 להשלמת התשלום. המודעה תפורסם מיד לאחר התשלום.',
    },
    draft: {
      title: 'המודעה נשמרה',
      message: 'כדי לפרסם אותה נשאר לבחור מסלול פרסום.',
    },
    expired: {
      title: 'תקופת הפרסום של המודעה הסתיימה',
      message: 'אפשר לפרסם את המודעה מחדש מהאזור האישי.',
    },
  },
} as const;
