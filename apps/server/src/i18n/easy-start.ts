/** EasyStart's free week in Hebrew: the e-mails, the charge's description and the answers of its cancel call. */
import { shekels } from './money.ts';

export const heEasyStart = {
  chargeDescription: 'מסלול VIP אחרי שבוע ההתחלה הקלה',
  reminderSubject: (adId: number) => `מחר מסתיים שבוע ה-VIP החינמי של מודעה ${adId}`,
  reminderText: (p: {
    adId: number;
    /** DD/MM/YYYY in Israel time. */
    chargeDate: string;
    amountAgorot: number;
    days: number;
    last4: string;
    myAds: string;
  }) =>
    [
      'שלום,',
      '',
      `שבוע ה-VIP החינמי של מודעה ${p.adId} מסתיים מחר.`,
      `ב-${p.chargeDate} נחייב את כרטיס האשראי המסתיים ב-${p.last4} בסך ${shekels(p.amountAgorot)}, והמודעה תמשיך במסלול VIP עוד ${p.days} ימים.`,
      '',
      `לא רוצים להמשיך? אפשר לבטל עד אז ב"המודעות שלי": ${p.myAds}`,
      'אחרי ביטול לא נחייב דבר, והמודעה תחזור למסלול הרגיל בסוף השבוע.',
    ].join('\n'),
  failedSubject: (adId: number) => `לא הצלחנו לחייב את הכרטיס: מודעה ${adId} חזרה למסלול הרגיל`,
  failedText: (adId: number, last4: string, myAds: string) =>
    [
      'שלום,',
      '',
      `ניסינו שלוש פעמים לחייב את כרטיס האשראי המסתיים ב-${last4} על המשך מסלול ה-VIP של מודעה ${adId}, והחיוב לא עבר.`,
      'המודעה ממשיכה להתפרסם במסלול הרגיל, ולא חויבתם.',
      '',
      `אפשר לשדרג אותה שוב ב"המודעות שלי": ${myAds}`,
    ].join('\n'),
  notRunning: 'למודעה הזאת אין שבוע התחלה קלה פעיל לביטול',
};
