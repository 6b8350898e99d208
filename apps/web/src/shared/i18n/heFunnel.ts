/** Texts of the analysts' funnel (the console's analytics screen). */
export const heFunnel = {
  title: 'משפך הפרסום',
  intro: 'כמה תהליכי פרסום התחילו בכל קטגוריה, כמה עברו כל שלב באשף, וכמה מודעות פורסמו בתקופה.',
  from: 'מתאריך',
  to: 'עד תאריך',
  show: 'הצגה',
  failed: 'לא הצלחנו לטעון את הנתונים. נסו שוב.',
  empty: 'אין נתונים בתקופה הזו.',
  started: 'התחילו',
  fromAdStrength: 'מתוכם הגיעו מתיבת חוזק המודעה',
  published: 'פורסמו',
  stepLabel: (n: number, title: string) => `שלב ${n}: ${title}`,
  passedSuffix: 'עברו',
  chartLabel: (title: string, started: number, published: number) =>
    `תרשים המשפך של ${title}: ${started} התחילו, ${published} פורסמו. הנתונים המלאים בטבלה שאחרי התרשים.`,
  tableCaption: (title: string) => `נתוני המשפך של ${title}`,
  colStep: 'שלב',
  colShown: 'הגיעו לשלב',
  colPassed: 'עברו את השלב',
  colErrors: 'נתקלו בשגיאה',
  colShare: 'מתוך המתחילים',
  period: (from: string, to: string) => `התקופה: ${from} עד ${to}`,
} as const;
