/** Static choices of the real-estate fields, as [value, Hebrew text] pairs. */

type Choices = readonly (readonly [string, string])[];

const range = (from: number, to: number, text: (n: number) => string = String): Choices =>
  Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), text(from + i)] as const);

/** 1 to 12 rooms in halves. */
export const ROOMS: Choices = Array.from({ length: 23 }, (_, i) => {
  const rooms = 1 + i / 2;
  return [String(rooms), String(rooms)] as const;
});

/** The floor: basement, ground, then 1-50 ('-1' means "not chosen", so the basement has its own value). */
export const FLOORS: Choices = [['basement', 'מרתף'], ['0', 'קרקע'], ...range(1, 50)];
export const TOTAL_FLOORS: Choices = range(1, 60);

/** Parking spaces and balconies: none to three ('0' = none; edit mode does not send parking 0, spec §5). */
export const PARKING: Choices = [['0', 'ללא'], ...range(1, 3)];
export const BALCONIES: Choices = [['0', 'ללא'], ...range(1, 3)];
export const AIR_DIRECTIONS: Choices = range(1, 4);

export const CONDITIONS: Choices = [
  ['1', 'חדש מקבלן (לא גרו בו)'],
  ['2', 'חדש (גרו בו עד שנה)'],
  ['3', 'משופץ'],
  ['4', 'במצב שמור'],
  ['5', 'דרוש שיפוץ'],
];

/** Building entrances (the field entrance; not sent while not chosen, spec §5). */
export const ENTRANCES: Choices = [
  ['1', 'א'],
  ['2', 'ב'],
  ['3', 'ג'],
  ['4', 'ד'],
  ['5', 'ה'],
  ['6', 'ו'],
];

/** Payments a year (rent): 1 to 12. */
export const PAYMENTS_IN_YEAR: Choices = range(1, 12, (n) =>
  n === 1 ? 'תשלום אחד' : n === 12 ? '12 תשלומים (חודשי)' : `${n} תשלומים`,
);

/**
 * nominalPrice: is the price nominal or linked to an index (a common term of Israeli sale and rent
 * contracts). Sale adds the construction input index (contractors' prices).
 */
export const PRICE_LINKAGE_SALE: Choices = [
  ['1', 'מחיר נומינלי (ללא הצמדה)'],
  ['2', 'צמוד למדד המחירים לצרכן'],
  ['3', 'צמוד למדד תשומות הבנייה'],
];
export const PRICE_LINKAGE_RENT: Choices = [
  ['1', 'מחיר נומינלי (ללא הצמדה)'],
  ['2', 'צמוד למדד המחירים לצרכן'],
];
export const NOMINAL = '1';

/** Rent: a whole apartment or a room in a shared apartment ("find a partner", שותפים). */
export const RENT_TYPES: Choices = [
  ['1', 'דירה להשכרה'],
  ['2', 'חדר בדירת שותפים'],
];
export const RENT_WHOLE = '1';
export const RENT_PARTNERS = '2';

export const ROOMMATES: Choices = range(1, 6, (n) => (n === 1 ? 'שותף/ה אחד/ת' : `${n} שותפים`));
export const PARTNER_GENDER: Choices = [
  ['0', 'לא משנה'],
  ['1', 'שותף'],
  ['2', 'שותפה'],
];

/** Commercial deal type (the field DealType). */
export const DEAL_TYPES: Choices = [
  ['1', 'מכירה'],
  ['2', 'השכרה'],
];
export const DEAL_SALE = '1';
export const DEAL_RENT = '2';
