/**
 * The coefficients of the price model (priceList.ts), as data: the list price of a new car from its catalogue
 * entry (horse power, engine volume, engine, gear, body, brand, trim words), and the used-car adjustments (age,
 * kilometres against a yearly norm, owners). Amounts are shekels with VAT, today's prices. README.md
 * ("Price suggestion") explains where each number comes from.
 */

/** A new car's list price: base + perHorsePower × hp + perCcOverFloor × max(0, cc − ccFloor), then the factors. */
export const LIST_PRICE = {
  base: 40_000,
  perHorsePower: 750,
  perCcOverFloor: 14,
  ccFloor: 1_400,
} as const;

/** Brand tiers by manufacturer id: premium makes cost more for the same power, budget makes less. */
export const BRAND_FACTOR: Readonly<Record<number, number>> = {
  17: 1.45, // ב.מ.וו
  18: 1.5, // מרצדס-בנץ
  19: 1.42, // אאודי
  20: 1.3, // וולוו
  21: 1.4, // לקסוס
  31: 1.6, // לנד רובר
  35: 1.2, // מיני
  38: 1.9, // פורשה
  25: 1.05, // טסלה
  30: 1.15, // ג'יפ
  24: 0.8, // דאצ'יה
  26: 0.9, // בי.ווי.די
  27: 0.85, // צ'רי
  28: 0.88, // ג'ילי
  29: 0.85, // אם.ג'י
  37: 0.88, // סאנגיונג
};

/** By engine type (the catalogue's Hebrew names): hybrids and plug-ins cost more than petrol of the same power. */
export const ENGINE_FACTOR: Readonly<Record<string, number>> = {
  בנזין: 1,
  דיזל: 1.06,
  היברידי: 1.04,
  'היברידי נטען': 1.1,
  חשמלי: 1,
  'גפ"מ': 0.95,
};

/** By gear box. */
export const GEAR_FACTOR: Readonly<Record<string, number>> = {
  אוטומטי: 1,
  רובוטי: 0.98,
  ידני: 0.92,
};

/** By body: sub-category (1 private, 2 commercial, 3 jeep), seven seats, four-wheel drive. */
export const BODY_FACTOR = {
  subcat: { 1: 1, 2: 0.95, 3: 1.1 } as Readonly<Record<number, number>>,
  sevenSeats: 1.06,
  fourWheelDrive: 1.08,
} as const;

/**
 * Trim words in the sub-model's title (whole words, case-insensitive): the highest one found counts. A base trim
 * (Sun, City, GLI, Active…) has no word here and factor 1.
 */
export const TRIM_FACTOR: readonly (readonly [word: string, factor: number])[] = [
  ['Comfort', 1.04],
  ['Comfortline', 1.04],
  ['Style', 1.05],
  ['Inspire', 1.05],
  ['Elegance', 1.06],
  ['Allure', 1.05],
  ['Acenta', 1.04],
  ['Ambition', 1.04],
  ['Trend', 1.03],
  ['Highline', 1.08],
  ['Titanium', 1.07],
  ['Intense', 1.06],
  ['Instyle', 1.06],
  ['Sport', 1.06],
  ['GT', 1.07],
  ['GT-Line', 1.07],
  ['R-Line', 1.07],
  ['FR', 1.06],
  ['Premium', 1.08],
  ['Luxury', 1.09],
  ['Executive', 1.1],
  ['Tekna', 1.09],
  ['Supreme', 1.09],
  ['Prime', 1.08],
  ['Limited', 1.1],
  ['Inscription', 1.1],
  ['Signature', 1.1],
  ['Platinum', 1.12],
  ['HSE', 1.1],
  ['AMG', 1.15],
  ['M Sport', 1.1],
  ['GR Sport', 1.12],
];

/** Depreciation and the used-car adjustments. */
export const USED = {
  /** The value lost when a new car first goes on the road (hand 1 and beyond). */
  firstRegistrationLoss: 0.12,
  /** The value kept each further year on the road. */
  yearlyRetention: 0.9,
  /** No car goes below this share of its list price (a running car is worth its parts). */
  floorShare: 0.06,
  /** The kilometres a car in Israel drives in a year. */
  yearlyKmNorm: 15_000,
  /** The value change per 10,000 km over (−) or under (+) the norm, and its bounds. */
  per10kKm: 0.04,
  kmFactorMin: 0.65,
  kmFactorMax: 1.12,
  /** Each owner after the first. */
  perExtraOwner: 0.05,
  /** A new car (hand 0) keeps this share of the list price. */
  newCarShare: 0.97,
  /** The range: ± this share of the predicted price, plus a little more for each year of age, up to the cap. */
  spread: 0.05,
  spreadPerYear: 0.005,
  spreadMax: 0.1,
} as const;

/** Prices are rounded: the prediction to 100 ₪, the range to 500 ₪. */
export const ROUNDING = { predicted: 100, range: 500 } as const;
