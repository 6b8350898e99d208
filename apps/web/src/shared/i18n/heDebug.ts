/** The debug control panel's words (debug-mode customers only); they load with the panel. */
export const heDebug = {
  title: 'לוח בקרה – מצב דיבאג',
  lead: 'מוצג רק למשתמשים במצב דיבאג. ההגדרות נשמרות בדפדפן הזה ל-30 יום.',
  countsLabel: 'מונים',
  fields: 'שדות בקטגוריה',
  visible: 'שדות מוצגים',
  stepFields: 'שדות בשלב הפתוח (מוצגים)',
  dependentFields: 'שדות תלויים',
  dependencies: 'תלויות',
  step: 'שלב נוכחי / שלב תקין אחרון',
  togglesLabel: 'מתגים',
  fieldIds: 'הצגת מזהי השדות',
  leaveWarning: 'אזהרה ביציאה מהדף עם שינויים שלא נשמרו',
  logValues: 'רישום ערכי הטופס במסוף הדפדפן',
  hide: 'הסתרת הלוח',
  show: 'הצגת לוח הבקרה',
} as const;
