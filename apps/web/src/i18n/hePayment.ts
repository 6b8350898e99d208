/** The payment result pages' texts (after-save-area.md §2 "/finishPayment", "/finishPaymentArea", §2 "Payment failure"). */
import { SERVICE_PHONE } from '@app/contract/orders';
export const hePayment = {
  meta: {
    finishPayment: 'סיום התשלום',
    finishPaymentArea: 'מעבירים אתכם',
  },
  /** The spec's 'Please wait ...'. */
  pleaseWait: 'אנא המתינו...',
  failureTitle: 'התשלום לא הושלם',
  /** The spec's payment failure: 'Oops, the payment process failed, please try again later' with a service phone. */
  failureText: 'אופס, תהליך התשלום נכשל, אנא נסו שוב מאוחר יותר',
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
  testCards: [
    ['4580 0000 0000 0000', 'מאושר'],
    ['4000 0000 0000 0002', 'נדחה'],
    ['4000 0000 0000 3220', 'מבקש קוד חד-פעמי'],
    ['4580 0000 0000 0018', 'מאושר, ההודעה לשרת מגיעה באיחור'],
    ['4580 0000 0000 0026', 'מאושר, ההודעה לשרת אובדת'],
  ] as const,
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
