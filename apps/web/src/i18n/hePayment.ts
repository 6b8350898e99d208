/** The payment result pages' texts (after-save-area.md §2 "/finishPayment", "/finishPaymentArea", §2 "Payment failure"). */
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
  servicePhone: '03-7654321',
  returnFailed: 'לא הצלחנו להמשיך לעמוד הבא.',
  toFinishArea: 'לאזור סיום הפרסום',
} as const;
