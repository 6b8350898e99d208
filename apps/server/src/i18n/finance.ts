/** The Hebrew texts of the console's finance calls (payments, refunds, the day's totals). */
import { shekels } from './money.ts';

export const heFinance = {
  badFilter: 'אחד מתנאי הסינון אינו תקין. בדקו את התאריכים ואת מספר המודעה',
  badAmount: 'יש להקליד סכום חיובי להחזר',
  reasonRequired: 'יש לכתוב את סיבת ההחזר (עד 500 תווים)',
  notPaid: 'אפשר להחזיר רק תשלום שהתקבל',
  tooMuch: (left: number) =>
    left === 0 ? 'התשלום כבר הוחזר במלואו' : `הסכום גבוה ממה שנותר להחזיר (${shekels(left)})`,
} as const;
