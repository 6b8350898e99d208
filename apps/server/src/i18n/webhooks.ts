/** Hebrew texts of the ad-event webhooks: the console's refusals, the delivery state and why a subscriber paused. */
export const heWebhooks = {
  badUrl: 'יש להקליד כתובת מלאה שמתחילה ב-https:// או ב-http://',
  refusedTarget: 'אי אפשר לשלוח לכתובת הזו: היא מפנה לרשת פנימית, לכתובת מקומית או לשירות מטא-נתונים',
  unresolved: 'שם המארח בכתובת לא נמצא. בדקו את הכתובת ונסו שוב',
  noEvents: 'יש לבחור לפחות אירוע אחד',
  notFound: 'המנוי לא נמצא',
  alreadyPaused: 'המנוי כבר מושהה',
  notPaused: 'המנוי אינו מושהה',
  pausedByAdmin: 'הושהה על ידי מנהל',
  pausedAfterDay: 'הושהה אוטומטית: כל ניסיונות המסירה נכשלו במשך יממה',
  pausedSecret: 'הושהה אוטומטית: אי אפשר לקרוא את הסוד השמור (מפתח ההצפנה הוחלף). יש למחוק את המנוי ולהוסיף אותו מחדש',
  failedStatus: (status: number, excerpt: string) =>
    excerpt ? `הנמען ענה ${status}: ${excerpt}` : `הנמען ענה ${status}`,
  redirected: (status: number) => `הנמען ענה בהפניה (${status}), והפניות אינן נעקבות`,
  timedOut: (seconds: number) => `לא התקבלה תשובה בתוך ${seconds} שניות`,
  refusedAtDelivery: 'הכתובת מפנה עכשיו לרשת פנימית או לכתובת מקומית: המסירה נחסמה',
  network: (code: string) => `החיבור לנמען נכשל (${code})`,
};
