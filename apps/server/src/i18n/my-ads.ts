/** Hebrew texts of "my ads": a refused page address and each ad's refusal in an action on several ads. */
export const heMyAds = {
  badCursor: 'הקישור להמשך הרשימה אינו תקין. אפשר לחזור לתחילת הרשימה',
  badPageSize: 'מספר המודעות בעמוד אינו תקין',
  notYours: 'המודעה לא נמצאה בחשבון שלך',
  notLiveToHide: 'אפשר להסתיר רק מודעה שמוצגת עכשיו באתר',
  notHidden: 'המודעה אינה מוסתרת',
  trialOpen: 'למודעה יש שבוע ניסיון פעיל. יש לבטל אותו לפני מחיקת המודעה',
} as const;
