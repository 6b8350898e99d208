/** Hebrew texts of the contact-us calls. */
export const heContactUs = {
  fieldErrors: 'יש לתקן את השדות המסומנים',
  tooMany: 'נשלחו פניות רבות מדי מהכתובת הזו. נסו שוב בעוד שעה',
  mailSubject: (subject: string, id: number) => `פנייה חדשה מצור קשר (${id}): ${subject}`,
  mailBody: (m: { subject: string; description: string; email: string; phone: string; customer: string }) =>
    [`נושא: ${m.subject}`, `דוא"ל: ${m.email}`, `טלפון: ${m.phone}`, `לקוח: ${m.customer}`, '', m.description].join(
      '\n',
    ),
  visitor: 'גולש שאינו מחובר',
  customerIdLine: (id: number) => `מספר לקוח: ${id}`,
} as const;
