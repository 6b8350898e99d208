/** The payment result pages' texts (after-save-area.md §2 "/finishPayment", "/finishPaymentArea", §2 "Payment failure"). */
import { type PaymentFailureReason, SERVICE_PHONE } from '@app/contract/orders';
import type { TestCardBehaviour } from '../api/index.ts';

/** The spec's payment failure (after-save-area.md §2 "Payment failure"), verbatim: said when no reason is known. */
const PAYMENT_FAILED = 'אופס, תהליך התשלום נכשל, אנא נסו שוב מאוחר יותר';

/**
 * An automatic refund as the finish page and /my-ads tell it: made or on its way, how much, and why (a payment that
 * delivered nothing; or a refused ad that was never on the board, whose payments all come back).
 */
export const heRefund = {
  refunded: {
    notDelivered: (amount: string) => `התשלום הוחזר: ${amount} הוחזרו לאמצעי התשלום, כי המודעה פורסמה בלי התשלום הזה.`,
    adRejected: (amount: string) =>
      `התשלום הוחזר: ${amount} הוחזרו לאמצעי התשלום, כי המודעה לא אושרה לפרסום ולא עלתה לאתר.`,
  },
  pending: {
    notDelivered: (amount: string) =>
      `התשלום יוחזר: החזר של ${amount} לאמצעי התשלום בטיפול, כי המודעה פורסמה בלי התשלום הזה.`,
    adRejected: (amount: string) =>
      `התשלום יוחזר: החזר של ${amount} לאמצעי התשלום בטיפול, כי המודעה לא אושרה לפרסום ולא עלתה לאתר.`,
  },
} as const;

/**
 * The finish page's one message for a payment that did not go through: what happened and what to do, per reason the
 * payment provider gave; without a reason, the spec's failure message.
 */
export const hePaymentFailure = {
  reasons: {
    card_declined: 'חברת האשראי דחתה את העסקה, והכרטיס לא חויב. אפשר לנסות כרטיס אחר, או לשלם באפליקציית תשלום בנייד.',
    expired_card: 'תוקף הכרטיס פג, והוא לא חויב. בדקו את תאריך התוקף שעל הכרטיס, או נסו כרטיס אחר.',
    authentication_failed:
      'האימות הנוסף של בעל הכרטיס מול חברת האשראי לא הצליח, והכרטיס לא חויב. נסו שוב והקלידו את הקוד החד-פעמי שקיבלתם, או נסו כרטיס אחר.',
    processing_error: 'אירעה תקלה טכנית בעיבוד התשלום, והכרטיס לא חויב. אפשר לנסות שוב עכשיו.',
    app_declined: 'התשלום לא אושר באפליקציה, ולא בוצע חיוב. אפשר לנסות שוב, או לשלם בכרטיס אשראי.',
    session_expired: 'הזמן שהוקצב לתשלום עבר לפני שהתשלום הושלם, ולא בוצע חיוב. אפשר להתחיל את התשלום מחדש.',
    cancelled: 'התשלום בוטל, ולא בוצע חיוב. אפשר לנסות שוב.',
  } satisfies Record<PaymentFailureReason, string>,
  /** No reason known (the provider did not say why, or the page could not ask). */
  generic: PAYMENT_FAILED,
  payAgain: 'לתשלום חוזר',
  /** The finish page's timeline: the payment step of a payment that did not go through. */
  paidStepFailed: 'התשלום לא הושלם',
  stepFailed: 'נכשל',
} as const;

export const hePayment = {
  meta: {
    finishPayment: 'סיום התשלום',
    finishPaymentArea: 'מעבירים אתכם',
    portal: 'תשלום על המודעה',
  },
  /** /payment: the payment portals (choose a way to pay, the card page, the mobile-payment page) of a draft. */
  portal: {
    title: 'תשלום על המודעה',
    lead: (title: string) => `תשלום על פרסום המודעה: ${title}`,
    track: (track: string) => `המסלול שנבחר: ${track}`,
    loading: 'טוענים את פרטי המודעה…',
    loginNeeded: 'כדי לשלם על המודעה יש להתחבר.',
    loadFailed: 'לא הצלחנו לטעון את פרטי המודעה. אפשר לנסות שוב.',
    retry: 'לנסות שוב',
    notFound: 'לא מצאנו את המודעה הזאת בחשבון שלך.',
    notDraft: 'המודעה הזאת כבר פורסמה, ואין צורך לשלם עליה כאן.',
    noTrack: 'המסלול שבקישור אינו זמין למודעה הזאת. אפשר לבחור מסלול בשלב האחרון של הפרסום.',
    toPlan: 'לבחירת מסלול',
    toMyAds: 'למודעות שלי',
    closed: 'חלון התשלום נסגר, ולא בוצע חיוב. אפשר לפתוח אותו שוב.',
    again: 'לתשלום',
  },
  /** The spec's 'Please wait ...'. */
  pleaseWait: 'אנא המתינו...',
  failureTitle: 'התשלום לא הושלם',
  /** The spec's payment failure: 'Oops, the payment process failed, please try again later' with a service phone. */
  failureText: PAYMENT_FAILED,
  failurePhone: 'לעזרה אפשר להתקשר לשירות הלקוחות:',
  servicePhone: SERVICE_PHONE,
  returnFailed: 'לא הצלחנו להמשיך לעמוד הבא.',
  toFinishArea: 'לאזור סיום הפרסום',
} as const;

/** The payment sandbox's admin page (developer page, sandbox key). */
export const heSandboxPayments = {
  title: 'סביבת התשלומים לבדיקה',
  intro: 'דפי התשלום של סביבת הבדיקה, קודי האימות החד-פעמיים, ההודעות שנשלחו לשרת ותקלות שאפשר להפעיל.',
  testCardsTitle: 'כרטיסי בדיקה',
  /** What each test card does (the sandbox's test-cards.json lists the numbers). */
  testCards: {
    success: 'מאושר',
    decline: 'נדחה על ידי חברת האשראי',
    expiredCard: 'נדחה: תוקף הכרטיס פג',
    authenticationFails: 'מבקש קוד חד-פעמי, והאימות נכשל בכל קוד',
    processingError: 'תקלה טכנית אצל חברת התשלומים',
    challenge: 'מבקש קוד חד-פעמי, ומאושר עם הקוד הנכון',
    slow: 'מאושר, ההודעה לשרת מגיעה באיחור',
    lost: 'מאושר, ההודעה לשרת אובדת',
  } satisfies Record<TestCardBehaviour, string>,
  kinds: {
    'payment.succeeded': 'תשלום אושר',
    'payment.declined': 'תשלום נדחה',
    'payment.cancelled': 'תשלום בוטל',
  } as Record<string, string>,
  responseCode: 'קוד תשובה',
  sessionsTitle: 'דפי תשלום',
  deliveriesTitle: 'הודעות לשרת',
  switchesTitle: 'תקלות',
  empty: 'אין עדיין',
  failed: 'לא הצלחנו לטעון את הנתונים',
  refresh: 'רענון',
  code: 'קוד חד-פעמי:',
  attempts: (n: number) => `ניסיונות: ${n}`,
  switches: {
    declineAll: 'כל תשלום נדחה',
    dropNotifications: 'הודעות לשרת אובדות',
    failNotifications: 'שליחת הודעות נכשלת (ניסיון חוזר)',
    apiUnavailable: 'ממשק הספק אינו זמין',
    loseRefundAnswers: 'החזר מתבצע אך התשובה עליו אובדת',
  },
  refunded: (amount: string) => `הוחזר ${amount}`,
  status: {
    pending: 'ממתין',
    challenge: 'ממתין לקוד',
    paid: 'שולם',
    declined: 'נדחה',
    cancelled: 'בוטל',
    delivered: 'נמסרה',
    failed: 'נכשלה',
    dropped: 'אבדה',
  },
  channel: { creditCard: 'כרטיס אשראי', bit: 'תשלום באפליקציה' },
} as const;
