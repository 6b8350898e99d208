/** Texts of the ad-strength meter, the live-ad counts and the policy check before publishing. */
export const heStrength = {
  title: 'חוזק המודעה',
  percent: (n: number) => `המודעה מלאה ב-${n}%`,
  levels: {
    start: 'המודעה רק מתחילה',
    weak: 'מודעה חלשה',
    medium: 'מודעה טובה',
    strong: 'מודעה חזקה!',
  },
  icons: { medal: 'מדליית השתתפות', cup: 'גביע', crown: 'כתר' },
  crownHint: 'לחצו על הכתר לחגיגה',
  tipsTitle: 'איך לחזק את המודעה',
  tips: {
    price: 'הוסיפו מחיר: מודעות עם מחיר מקבלות יותר פניות',
    photos: 'הוסיפו לפחות 3 תמונות: תמונות ברורות מביאות פי עשרה פניות',
    description: 'הרחיבו את התיאור ל-100 תווים לפחות: ספרו מה מיוחד',
    success: 'כל הכבוד! המודעה מלאה ומוכנה למשוך פניות',
    upgrade: 'רוצים יותר חשיפה? מודעה משודרגת מופיעה לפני המודעות הרגילות',
  },
  upgradeLink: 'לשדרוג המודעה',
  newTab: '(נפתח בלשונית חדשה)',
} as const;

const count = (n: number): string => n.toLocaleString('en-US');

export const heCounts = {
  /** Real estate, steps 1-3 (the address, its home type, its price band). */
  homes: (n: number, rent: boolean, by: 'area' | 'type' | 'price') => {
    const deal = rent ? 'להשכרה' : 'למכירה';
    const where = by === 'area' ? 'באזור הזה' : by === 'type' ? 'מאותו סוג נכס באזור הזה' : 'במחיר דומה באזור הזה';
    return n === 0
      ? `אין כרגע מודעות פעילות ${deal} ${where}: המודעה שלך תבלוט`
      : n === 1
        ? `יש כרגע מודעה פעילה אחת ${deal} ${where}`
        : `יש כרגע ${count(n)} מודעות פעילות ${deal} ${where}`;
  },
  /** Cars, step 1 (the model) and step 3 (the model of the year). */
  cars: (n: number, byYear: boolean) => {
    const what = byYear ? 'של הדגם הזה מאותה שנה' : 'של הדגם הזה';
    return n === 0
      ? `אין כרגע מודעות פעילות ${what}: המודעה שלך תבלוט`
      : n === 1
        ? `יש כרגע מודעה פעילה אחת ${what}`
        : `יש כרגע ${count(n)} מודעות פעילות ${what}`;
  },
  sameTitle: 'המודעה שלך לא לבד',
  sameText: (n: number) => `יש כרגע ${count(n)} מודעות פעילות כמו שלך. מודעה משודרגת מופיעה לפניהן:`,
  yellow: 'מודעות VIP וזהב',
  pink: 'מודעות מודגשות',
  grey: 'מודעות רגילות',
  area: 'מהן באזור שלך',
} as const;

export const hePolicy = {
  title: 'שימו לב לפני הפרסום',
  phone: (label: string) =>
    `ב${label} מופיע מספר טלפון. מספרי טלפון מוצגים בפרטי הקשר של המודעה, שם הם מאומתים ומוגנים`,
  email: (label: string) => `ב${label} מופיעה כתובת מייל. פניות מגיעות דרך פרטי הקשר של המודעה`,
  link: (label: string) => `ב${label} מופיע קישור. קישורים בטקסט המודעה אינם מוצגים למחפשים ועלולים לעכב את אישורה`,
  duplicate: (id: number) => `המודעה דומה מאוד למודעה פעילה שלך (מספר ${id}). מודעות כפולות עלולות להיות מוסרות מהלוח`,
  duplicateLink: 'לעריכת המודעה הקיימת',
  blocked: (words: string) =>
    `בטקסט מופיעה מילה שאינה מותרת בלוח (${words}). מודעה כזו לא תפורסם מיד: היא תועבר לבדיקה`,
  stillPublish: 'אפשר להמשיך ולפרסם, אבל מומלץ לתקן',
} as const;
