/**
 * The pre-advance reminders, the price-decrease suggestion, the trade-in lead and the missing sub-model report.
 * Kept apart from he.ts so they load with the wizard. Spec texts verbatim (from @app/contract/carExtras):
 * 'שם מלא שדה חובה', 'טלפון שדה חובה', 'שליחת הבקשה נכשלה, נסו שנית מאוחר יותר', "באסה, לפעמים גם לנו יש פנצ'ר".
 */
import { CAR_EXTRAS_TEXTS } from '@app/contract/carExtras';

export const heReminders = {
  km: {
    header: 'כמה קילומטרים עבר הרכב?',
    text: 'הזנת {value} ק"מ בלבד. אולי התכוונת ל:',
    option: (km: string) => `${km} ק"מ`,
    keep: 'הערך שהזנתי נכון',
  },
  description: {
    header: 'מודעה עם תיאור מקבלת יותר פניות',
    text: 'הכנו עבורך תיאור לפי הפרטים שמילאת. אפשר לערוך אותו כאן או אחר כך:',
    label: 'התיאור המוצע',
    add: 'הוספת התיאור למודעה',
    skip: 'המשך בלי תיאור',
  },
  price: {
    header: 'מודעה עם מחיר מקבלת יותר פניות',
    text: 'בחרו מחיר או הזינו סכום אחר:',
    presetsLabel: 'מחירים של מודעות דומות שמפורסמות עכשיו',
    custom: 'סכום אחר',
    invalid: 'יש להזין סכום בשקלים, בספרות בלבד',
    save: 'עדכון המחיר',
    skip: 'המשך בלי מחיר',
  },
  duplicate: {
    header: 'כבר פרסמת מודעה על הרכב הזה',
    text: 'מצאנו מודעה שלך (מספר {value}) לאותו רכב, עם אותו מספר רישוי.',
    suggestion: 'במקום לפרסם מודעה נוספת, אפשר לשדרג את המודעה הקיימת ולהגיע ליותר קונים.',
    upgrade: 'לשדרוג המודעה הקיימת',
    continue: 'המשך בפרסום מודעה חדשה',
  },
  decrease: {
    header: 'הורדת את המחיר?',
    text: 'מודעה משודרגת מוצגת גבוה יותר ומגיעה ליותר קונים, כך שהרכב נמכר מהר יותר גם בלי להוריד מחיר.',
    upgrade: 'לשדרוג המודעה',
    continue: 'המשך בשמירת השינויים',
  },
  tradeIn: {
    header: 'טרייד-אין: נחזור אליך עם הצעה',
    intro: 'השאירו שם וטלפון ונציג יחזור אליכם עם הצעה להחלפת הרכב.',
    name: 'שם מלא',
    phone: 'טלפון',
    send: 'שליחה',
    sending: 'שולח…',
    cancel: 'ביטול',
    nameRequired: CAR_EXTRAS_TEXTS.tradeInNameRequired,
    phoneRequired: CAR_EXTRAS_TEXTS.tradeInPhoneRequired,
    failed: CAR_EXTRAS_TEXTS.tradeInFailed,
    thanksHeader: 'תודה, הפרטים נשלחו',
    thanksText: 'נציג יחזור אליכם בהקדם עם הצעה להחלפת הרכב.',
    close: 'חזרה למודעה',
    lockedNote: 'בקשת הטרייד-אין נשלחה',
  },
  missingSubModel: {
    link: 'לא מצאתי את תת הדגם',
    header: 'איזה תת דגם חסר?',
    intro: 'כתבו את תת הדגם כמו שהוא מופיע ברישיון הרכב, ונוסיף אותו לרשימה.',
    subModel: 'תת הדגם',
    gearBox: 'תיבת הילוכים',
    engineSize: 'נפח מנוע (סמ"ק)',
    notChosen: 'לא ידוע',
    send: 'שליחה',
    sending: 'שולח…',
    failed: 'שליחת הבקשה נכשלה, נסו שנית מאוחר יותר',
    thanksHeader: CAR_EXTRAS_TEXTS.missingSubModelThanks,
    thanksText: 'קיבלנו את הפרטים ונבדוק אותם. בינתיים אפשר לבחור את תת הדגם הקרוב ביותר.',
    close: 'חזרה למודעה',
  },
  checking: 'בודק…',
} as const;
