/** Hebrew texts of "my ads": a refused page address and each ad's refusal in an action on several ads. */
export const heMyAds = {
  badCursor: 'הקישור להמשך הרשימה אינו תקין. אפשר לחזור לתחילת הרשימה',
  badPageSize: 'מספר המודעות בעמוד אינו תקין',
  notYours: 'המודעה לא נמצאה בחשבון שלך',
  notLiveToHide: 'אפשר להסתיר רק מודעה שמוצגת עכשיו באתר',
  notHidden: 'המודעה אינה מוסתרת',
  trialOpen: 'למודעה יש שבוע ניסיון פעיל. יש לבטל אותו לפני מחיקת המודעה',
  notLiveToBump: 'אפשר להקפיץ רק מודעה שמוצגת עכשיו באתר',
  trackWithoutBump: 'המסלול של המודעה אינו כולל הקפצה. אפשר להוסיף לה הקפצה אוטומטית בתשלום',
  bumpTooSoon: (every: number, hours: number) =>
    `אפשר להקפיץ מודעה פעם ב-${every} שעות. אפשר יהיה להקפיץ אותה שוב בעוד ${hours === 1 ? 'שעה' : `${hours} שעות`}`,
  trackWithoutRenew: 'מודעה במסלול בתשלום מחדשים בשדרוג המודעה, ולא בחידוש',
  notEndingToRenew: (days: number) => `אפשר לחדש רק מודעה שהסתיימה או שמסתיימת בתוך ${days} ימים`,
} as const;
