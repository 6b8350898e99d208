/**
 * The price suggestion's words, kept apart from he.ts. Spec texts verbatim: 'זה הטווח המומלץ למכירת
 * הרכב' (success caption), 'אירעה שגיאה בעת טעינת המידע' (failure).
 */
export const hePrice = {
  title: 'כמה שווה הרכב?',
  caption: 'זה הטווח המומלץ למכירת הרכב',
  failed: 'אירעה שגיאה בעת טעינת המידע',
  loading: 'מחשבים את הטווח המומלץ…',
  /** Between the two ends of the range, read aloud ('from 90,000 ₪ to 103,000 ₪'). */
  rangeLabel: (min: string, max: string) => `טווח מחירים מומלץ: מ-${min} עד ${max}`,
  predicted: 'המחיר המשוער',
  basis: 'לפי דגם הרכב, השנה, הקילומטראז׳ ומספר הבעלים שמילאתם',
} as const;
