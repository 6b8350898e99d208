/**
 * The Hebrew texts of the operator's console calls (staff login, roles, the audit log); the ones customers' calls
 * say too (a required field, a wrong captcha, the password policy, a bad request) are messages.ts's.
 */
export const heOperator = {
  wrongCredentials: 'הדוא"ל או הסיסמה שגויים',
  tooManyAttempts: 'היו יותר מדי ניסיונות כניסה. יש להקליד את הקוד שבתמונה',
  wrongCode: 'הקוד שגוי או שכבר נעשה בו שימוש. הקלידו את הקוד שמופיע עכשיו באפליקציית האימות',
  tooManyCodes: (n: number) => `הוקלדו ${n} קודים שגויים. יש להיכנס שוב עם הדוא"ל והסיסמה`,
  tooManyCodesFromAddress: 'הוקלדו יותר מדי קודים שגויים מהרשת הזו. נסו שוב בעוד שעה',
  signInLocked: (until: string) =>
    `הכניסה לחשבון נעולה עד ${until} בגלל קודי אימות שגויים רבים, ושלחנו על כך הודעה לדוא"ל שלכם. אם לא אתם ניסיתם להיכנס, פנו מיד למנהל המערכת`,
  lockMailSubject: 'הכניסה לחשבון שלכם במסוף התפעול ננעלה',
  lockMailBody: (name: string, wrongCodes: number, until: string) =>
    `שלום ${name},\n\n` +
    `בשעה האחרונה הוקלדו ${wrongCodes} קודי אימות שגויים בכניסה לחשבון שלכם במסוף התפעול, אחרי שהסיסמה הוקלדה נכון. ` +
    `לכן הכניסה לחשבון נעולה עד ${until}.\n\n` +
    'אם לא אתם ניסיתם להיכנס, מישהו אחר יודע את הסיסמה שלכם: פנו מיד למנהל המערכת כדי להחליף אותה.\n' +
    `אם אלה הייתם אתם, בדקו שהשעה בטלפון מכוונת ונסו שוב אחרי ${until}.\n\n` +
    'מסוף התפעול',
  enrolFirst: 'יש להגדיר קודם אפליקציית אימות',
  alreadyEnrolled: 'אפליקציית האימות כבר הוגדרה לחשבון הזה',
  setupLinkInvalid: 'הקישור אינו תקף: ייתכן שכבר נעשה בו שימוש או שפג תוקפו. בקשו קישור חדש ממנהל המערכת',
  secondStepEnded: 'שלב האימות הסתיים. יש להיכנס שוב עם הדוא"ל והסיסמה',
  notLoggedIn: 'יש להיכנס למסוף התפעול',
  forbidden: 'אין לחשבון שלך הרשאה לפעולה הזו',
  notFound: 'הפריט לא נמצא',
  badEmail: 'כתובת הדוא"ל אינה תקינה',
  badRole: 'יש לבחור תפקיד',
  emailTaken: 'לכתובת הזו כבר יש חשבון במסוף',
  searchEmpty: 'יש להקליד דוא"ל, מספר טלפון או מספר מודעה',
  blockReason: 'יש לכתוב את סיבת החסימה (עד 500 תווים)',
  alreadyBlocked: 'החשבון כבר חסום',
  notBlocked: 'החשבון אינו חסום',
  replyRequired: 'יש לכתוב את התשובה (עד 5,000 תווים)',
  badPhone: 'מספר הטלפון אינו תקין',
  noCodeForPhone: 'הלקוח לא ביקש קוד אימות למספר הזה',
  phoneConfirmed: 'המספר כבר אומת, אין צורך בקוד חדש',
  alreadyAnswered: 'הפנייה כבר טופלה. הרשימה עודכנה',
  replySubject: (subject: string) => `תשובה לפנייתך: ${subject}`,
  replyBody: (text: string, original: string) =>
    `שלום,\n\n${text}\n\nבברכה,\nשירות הלקוחות\n\n---\nהפנייה שלך:\n${original}`,
} as const;
