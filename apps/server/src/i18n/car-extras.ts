/** Hebrew texts of the car ad's side requests that the spec does not quote (its quoted texts: contract/carExtras). */
export const carExtrasHe = {
  tooLong: 'יותר מדי תווים',
  /** Spec §5 phone number text, verbatim. */
  invalidPhone: 'המספר אינו תקין',
  invalidValue: 'ערך לא תקין',
  subModelRequired: 'יש לכתוב את תת הדגם החסר',
  fieldErrors: 'יש לתקן את השדות המסומנים',
  tooMany: 'נשלחו יותר מדי בקשות, נסו שוב מאוחר יותר',
} as const;
