/**
 * The pre-advance reminders' rules (publish-wizard.md §4 "Field behaviour"; after-save-area.md §4 "Pre-advance
 * reminders", §5, §9): which reminder applies when the user presses continue on a step, and what it offers.
 * Pure: the wizard's hook (useReminders.tsx) shows the popups. The order is the spec's: very-low kilometres,
 * description, price, duplicate-ad upgrade suggestion.
 */
import { CAT, PLATE_VEHICLE_SUBCATS, SUBCAT } from '@app/catalog/categories/ids';
import { DEFAULT_MAXLENGTH, formatNumber } from '@app/form-engine/format';
import type { FieldValue } from '@app/form-engine/model';

export const REMINDER_ORDER = ['km', 'description', 'price', 'duplicate'] as const;
export type ReminderKind = (typeof REMINDER_ORDER)[number];

/** The km reminder looks at the typed value 200 ms after the last keystroke (after-save-area.md §9). */
export const KM_DEBOUNCE_MS = 200;

/** What the rules read of the wizard at the moment of the attempt. */
export interface ReminderContext {
  cat: number;
  subcat: number | undefined;
  /** The step the user leaves (its index in the catalogue: 0 is the picker). */
  step: number;
  /** The step's area (the description's publishPosition is its area). */
  area: string;
  /** Active values by field id (an inactive field reads as undefined). */
  read: (id: string) => FieldValue;
  /** The text of a field's chosen option, when it has a list. */
  optionText: (id: string) => string | undefined;
  /** Whether the field is one of this step's active fields. */
  inStep: (id: string) => boolean;
  /** Whether the form defines the field at all (rules skip sources the catalogue does not have). */
  defined: (id: string) => boolean;
  /** The description field's maxlength, if it has one. */
  descriptionMax?: number | undefined;
}

const single = (v: FieldValue): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();
/** A value the user chose or typed: not empty and not -1 (not chosen). */
export const filled = (v: FieldValue): boolean => {
  const s = single(v);
  return s !== '' && s !== '-1';
};

/** The digits of a typed number: commas and dots stripped (§5). */
export const numberDigits = (v: FieldValue): string => single(v).replace(/[,.\s]/g, '');

/**
 * The km value padded with zeros to 4, 5 and 6 digits ('85' → 8,500 / 85,000 / 850,000), or null when the
 * value is not a whole number of 1 to 3 digits above zero.
 */
export function kmPaddings(value: FieldValue): number[] | null {
  const digits = numberDigits(value);
  if (!/^\d{1,3}$/.test(digits) || Number(digits) === 0) return null;
  const n = Number(digits);
  return [4, 5, 6].map((width) => n * 10 ** (width - digits.length));
}

/** Spec §5: cat 1, step 2, colour group, colour, hand (1 or more) and owner chosen, km of 3 digits or fewer. */
export function kmReminder(ctx: ReminderContext): number[] | null {
  if (ctx.cat !== CAT.vehicles || ctx.step !== 2 || !ctx.inStep('km')) return null;
  for (const id of ['colorGroup', 'color', 'ownerID']) if (!filled(ctx.read(id))) return null;
  if (!(Number(single(ctx.read('hand'))) >= 1)) return null;
  return kmPaddings(ctx.read('km'));
}

/** The km option as the field shows it and as the popup's button says it. */
export const kmText = (km: number): string => formatNumber(String(km));

/** The description's source fields (§5). */
const DESCRIPTION_SOURCES: Readonly<Record<number, readonly string[]>> = {
  [CAT.vehicles]: ['manufacturer', 'model', 'colorGroup', 'hand', 'km'],
  [CAT.realEstate]: ['HomeTypeID', 'floor', 'city'],
};

/** Hebrew ordinal floors ("floor 1 is written as first"). */
const FLOOR_WORDS: Readonly<Record<string, string>> = {
  '0': 'קומת קרקע',
  '1': 'קומה ראשונה',
  '2': 'קומה שנייה',
  '3': 'קומה שלישית',
};

export function floorText(floor: string, optionText?: string): string {
  const key = numberDigits(floor);
  if (FLOOR_WORDS[key]) return FLOOR_WORDS[key];
  if (key === '-1' || floor.trim() === '-1') return 'קומת מרתף';
  return `קומה ${optionText && !/^\d+$/.test(optionText) ? optionText : key}`;
}

/** A field's words: its option's text when it has a list, else its value. */
const words = (ctx: ReminderContext, id: string): string => ctx.optionText(id) ?? single(ctx.read(id));

/**
 * The description built from the filled fields, cut to the field's maxlength (default 200): a car's make, model,
 * year, colour, hand and kilometres; a property's type, city and floor.
 */
export function generatedDescription(ctx: ReminderContext): string {
  const max = ctx.descriptionMax ?? DEFAULT_MAXLENGTH;
  let text = '';
  if (ctx.cat === CAT.vehicles) {
    const year = filled(ctx.read('year')) ? ` ${words(ctx, 'year')}` : '';
    const hand = numberDigits(ctx.read('hand'));
    const handText = hand === '0' ? 'חדש מהיבואן' : `יד ${words(ctx, 'hand').replace(/^יד\s*/, '')}`;
    text = `${words(ctx, 'manufacturer')} ${words(ctx, 'model')}${year} למכירה, בצבע ${words(ctx, 'colorGroup')}, ${handText}, ${kmText(Number(numberDigits(ctx.read('km'))))} ק"מ.`;
  } else if (ctx.cat === CAT.realEstate) {
    const deal = ctx.subcat === SUBCAT.realEstateRent ? 'להשכרה' : 'למכירה';
    text = `${words(ctx, 'HomeTypeID')} ${deal} ב${words(ctx, 'city')}, ${floorText(single(ctx.read('floor')), ctx.optionText('floor'))}.`;
  }
  return text.length > max ? text.slice(0, max).trimEnd() : text;
}

/**
 * Spec §5: only when the description is empty, it is on the step being left (publishPosition), and the
 * source fields are filled. Returns the generated text, or null.
 */
export function descriptionReminder(ctx: ReminderContext): string | null {
  const sources = DESCRIPTION_SOURCES[ctx.cat];
  if (!sources || !ctx.inStep('description') || filled(ctx.read('description'))) return null;
  if (!sources.every((id) => filled(ctx.read(id)))) return null;
  const text = generatedDescription(ctx);
  return text || null;
}

/**
 * Spec §5 price reminder: step 3 only, with an empty price on it; car sub-categories 1 and 3 need the city
 * (when the catalogue has one); real-estate sale needs the entrance date and the area (squareMeter, or our
 * sqmBuilt); rent also needs paymentInYear above -1 (when the catalogue has it).
 */
export function priceReminder(ctx: ReminderContext): boolean {
  if (ctx.step !== 3 || !ctx.inStep('price') || filled(ctx.read('price'))) return false;
  const need = (ids: readonly string[]) => ids.filter((id) => ctx.defined(id)).every((id) => filled(ctx.read(id)));
  if (ctx.cat === CAT.vehicles)
    return (ctx.subcat === SUBCAT.vehiclesPrivate || ctx.subcat === SUBCAT.vehiclesJeeps) && need(['city']);
  if (ctx.cat === CAT.realEstate && (ctx.subcat === SUBCAT.realEstateSale || ctx.subcat === SUBCAT.realEstateRent)) {
    const area = ctx.defined('squareMeter') ? 'squareMeter' : 'sqmBuilt';
    if (!need(['entranceDate', area])) return false;
    if (
      ctx.subcat === SUBCAT.realEstateRent &&
      ctx.defined('paymentInYear') &&
      !(Number(single(ctx.read('paymentInYear'))) > -1)
    ) {
      return false;
    }
    return true;
  }
  return false;
}

/** The query of the price presets call: the same car (make, model, year) or property (city, type). */
export function priceMatch(ctx: ReminderContext): Record<string, string> | null {
  const ids = ctx.cat === CAT.vehicles ? ['manufacturer', 'model', 'year'] : ['city', 'HomeTypeID'];
  if (!ids.every((id) => filled(ctx.read(id)))) return null;
  return Object.fromEntries([
    ['cat', String(ctx.cat)],
    ['subcat', String(ctx.subcat ?? '')],
    ...ids.map((id) => [id, single(ctx.read(id))]),
  ]);
}

/** A custom price as typed (₪ and separators allowed): whole shekels above zero, at most 9 digits, else null. */
export function parsePrice(input: string): number | null {
  const digits = input.replace(/[₪,\s]/g, '');
  if (!/^\d{1,9}$/.test(digits) || Number(digits) === 0) return null;
  return Number(digits);
}

/** Spec §5 duplicate-ad check: step index 1, cat 1 subcats 1 to 4, with the plate, make, model and year. */
export function duplicateCheck(ctx: ReminderContext): Record<string, string> | null {
  if (ctx.step !== 1 || ctx.cat !== CAT.vehicles || !PLATE_VEHICLE_SUBCATS.includes(ctx.subcat ?? 0)) return null;
  const ids = ['registrationPlate', 'manufacturer', 'model', 'year'];
  if (!ids.every((id) => filled(ctx.read(id)))) return null;
  return {
    catId: String(ctx.cat),
    subCatId: String(ctx.subcat),
    ...Object.fromEntries(ids.map((id) => [id, single(ctx.read(id))])),
  };
}

/**
 * Spec §4 price decrease: in edit, when the ad's order type is 1 and the new price is lower than the old one,
 * unless the fields response says disallowDecreasePricePopup.
 */
export function priceDecreased(input: {
  orderTypeId: number | null | undefined;
  disallow: boolean;
  before: FieldValue;
  after: FieldValue;
}): boolean {
  if (input.disallow || input.orderTypeId !== 1) return false;
  const before = Number(numberDigits(input.before));
  const after = Number(numberDigits(input.after));
  return filled(input.before) && filled(input.after) && before > 0 && after > 0 && after < before;
}
