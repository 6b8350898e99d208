/** The ad page's texts the script shows (the page itself is the server's HTML, apps/server/src/i18n/ad-page.ts). */
export const heAdPage = {
  revealing: 'מציגים את המספר…',
  callNumber: (phone: string) => `התקשרו: ${phone}`,
  failed: 'משהו השתבש. אפשר לנסות שוב.',
  copied: 'הקישור הועתק',
  copyFailed: 'לא הצלחנו להעתיק. אפשר לסמן את הקישור ולהעתיק אותו.',
  chooseReason: 'יש לבחור מה הבעיה במודעה',
  otherNeedsText: 'בדיווח מסוג "אחר" יש לכתוב מה הבעיה',
  sending: 'שולחים…',
  previewNoPhone: 'בתצוגה המקדימה המספר לא מוצג. קונים יראו אותו כאן אחרי לחיצה על הכפתור.',
  previewNoReport: 'בתצוגה המקדימה אי אפשר לשלוח דיווח.',
} as const;
