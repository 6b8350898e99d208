/** The Hebrew texts of moderation: the reasons a moderator refuses an ad with, the owner's e-mails, the errors. */
import { shekels } from './money.ts';

/** The refund of a refused ad that never went live, as its refusal's e-mail tells it: made, or on its way. */
export interface RefusalRefund {
  agorot: number;
  refunded: boolean;
}

/** The refusal e-mail's paragraph about the refund, and what follows the edit (a review, then the plan step). */
const refundParagraph = (r: RefusalRefund, link: string): string =>
  `${
    r.refunded
      ? `המודעה לא עלתה לאתר, ולכן החזרנו את התשלום עליה, ${shekels(r.agorot)}, לאמצעי התשלום שבו שילמת.`
      : `המודעה לא עלתה לאתר, ולכן נחזיר את התשלום עליה, ${shekels(r.agorot)}, לאמצעי התשלום שבו שילמת. ההחזר כבר בטיפול.`
  } ייתכן שיעברו כמה ימי עסקים עד שההחזר יופיע בחשבון.\n\nאפשר לערוך את המודעה ולשלוח אותה שוב לבדיקה: ${link}\nאחרי שנאשר אותה אפשר יהיה לבחור לה מסלול ולפרסם אותה.`;

/** The reasons a moderator chooses from when refusing an ad (the key is stored with the decision). */
export const REJECT_TEMPLATES = {
  prohibited: 'המודעה מציעה מוצר או שירות שאסור לפרסם בלוח',
  wrongCategory: 'המודעה פורסמה בקטגוריה שאינה מתאימה לה',
  misleading: 'פרטי המודעה אינם תואמים את התמונות או שהם מטעים',
  photos: 'התמונות אינן של הפריט המוצע או שנלקחו ממודעה של מפרסם אחר',
  contactInText: 'פרטי קשר מופיעים בגוף המודעה ולא בשדות פרטי הקשר',
  offensive: 'המודעה כוללת לשון פוגענית',
  duplicate: 'המודעה כפולה למודעה אחרת שלך שכבר מופיעה בלוח',
  other: 'סיבה אחרת',
} as const;
export type RejectTemplate = keyof typeof REJECT_TEMPLATES;

/** What the owner reads as the reason: the template's text, and the moderator's own words under it. */
export function rejectReasonText(template: string | null, text: string | null): string {
  const base =
    template && template !== 'other' && template in REJECT_TEMPLATES
      ? REJECT_TEMPLATES[template as RejectTemplate]
      : '';
  return [base, text?.trim() ?? ''].filter(Boolean).join('. ');
}

export const heModeration = {
  templateRequired: 'יש לבחור את סיבת הדחייה',
  otherNeedsText: 'בסיבה "אחרת" יש לכתוב את הסיבה במילים',
  textTooLong: 'ההסבר יכול להכיל עד 500 תווים',
  alreadyDecided: 'מישהו אחר כבר החליט על המודעה הזו. הרשימה עודכנה',
  adChanged: 'המודעה השתנתה מאז שנכנסה לתור (המפרסם ערך או מחק אותה). פתחו אותה שוב',
  adEnded: 'המודעה כבר לא בלוח (הסתיימה או נמחקה), ולכן אין על מה להחליט. אפשר לסגור את התיק',
  stillHeld: 'המודעה עדיין ממתינה להחלטה: יש לאשר או לדחות אותה',
  bulkEmpty: 'יש לבחור לפחות מודעה אחת',
  bulkTooMany: 'אפשר לטפל בעד 50 מודעות בבת אחת',
  badRules: 'הכללים אינם תקינים. בדקו את הקטגוריות, מספר הימים והמילים',
  approvedLiveSubject: (id: number) => `המודעה שלך (מס' ${id}) אושרה ועלתה לאתר`,
  approvedLiveText: (id: number, link: string) =>
    `שלום,\n\nבדקנו את המודעה שלך (מס' ${id}) והיא מופיעה עכשיו בלוח.\nאפשר לראות אותה ואת שאר המודעות שלך כאן: ${link}\n\nבהצלחה!`,
  approvedDraftSubject: (id: number) => `המודעה שלך (מס' ${id}) אושרה`,
  approvedDraftText: (id: number, link: string) =>
    `שלום,\n\nבדקנו את המודעה שלך (מס' ${id}) ואישרנו אותה. נשאר רק לבחור מסלול כדי לפרסם אותה: ${link}\n\nבהצלחה!`,
  rejectedSubject: (id: number) => `המודעה שלך (מס' ${id}) לא אושרה לפרסום`,
  rejectedText: (id: number, reason: string, link: string, refund?: RefusalRefund) =>
    `שלום,\n\nבדקנו את המודעה שלך (מס' ${id}) ולא נוכל לפרסם אותה כפי שהיא.\nהסיבה: ${reason}\n\n${
      refund ? refundParagraph(refund, link) : `אפשר לערוך אותה ולשלוח אותה שוב לבדיקה: ${link}`
    }`,
  /** The audit entry of a refused ad's automatic refund (the console shows it as the refund's reason). */
  refundAuditReason: 'החזר אוטומטי: המודעה נדחתה לפני שעלתה לאתר',
} as const;
