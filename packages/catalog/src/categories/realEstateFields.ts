/**
 * Real-estate field definitions shared by the catalogues: property type and condition, floor, rooms and
 * what the property has, feature checkboxes, areas, price and its linkage, payments, dates and the
 * description. Builders return fresh objects, so steps never share (and never mutate) a field.
 */
import type { Condition, FieldDef } from '@app/form-engine/model';
import {
  AIR_DIRECTIONS,
  BALCONIES,
  CONDITIONS,
  FLOORS,
  NOMINAL,
  PARKING,
  PAYMENTS_IN_YEAR,
  ROOMS,
  TOTAL_FLOORS,
} from '../realEstate/choices.ts';
import type { Feature } from '../realEstate/features.ts';
import { type HomeType, TYPE_IDS } from '../realEstate/homeTypes.ts';

type Choices = readonly (readonly [string, string])[];
const options = (choices: Choices) => choices.map(([value, text]) => ({ value, text }));

const typeIs = (values: readonly string[]): Condition => ({ kind: 'field', field: 'HomeTypeID', values: [...values] });
const typeIsNot = (values: readonly string[]): Condition => ({
  kind: 'field',
  field: 'HomeTypeID',
  op: '!=',
  values: [...values],
});

/** Fields that apply to a building on its plot: not to land (a plot has no rooms, floor or built area). */
export const NOT_LAND = typeIsNot(TYPE_IDS.land);
export const IS_LAND = typeIs(TYPE_IDS.land);
export const IS_APARTMENT = typeIs(TYPE_IDS.apartment);
export const HAS_GARDEN = typeIs(TYPE_IDS.garden);
/** Houses and land have a plot size. */
export const HAS_PLOT = typeIs([...TYPE_IDS.house, ...TYPE_IDS.land]);

export const select = (id: string, label: string, choices: Choices, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  type: 'select',
  label,
  placeholder: 'בחירה',
  options: options(choices),
  ...extra,
});

export const homeTypeSelect = (types: readonly HomeType[]): FieldDef => ({
  id: 'HomeTypeID',
  type: 'select',
  label: 'סוג הנכס',
  placeholder: 'בחירה',
  isRequired: true,
  options: types.map((t) => ({ value: String(t.id), text: t.name })),
  column: 1,
  priority: 2,
  accordionBrief: {},
});

export const conditionSelect = (): FieldDef =>
  select('propertyCondition', 'מצב הנכס', CONDITIONS, { isRequired: true, showcond: NOT_LAND, column: 1, priority: 3 });

/** Floor of the property and floors in the building: apartments (and, optionally, commercial space). */
export const floorFields = (showcond: Condition, required: boolean): FieldDef[] => [
  select('floor', 'קומה', FLOORS, {
    showcond,
    column: 2,
    priority: 5,
    subPriority: 1,
    ...(required ? { isRequired: true } : {}),
    accordionBrief: { prefix: 'קומה ' },
  }),
  select('totalFloors', 'מתוך', TOTAL_FLOORS, {
    showcond,
    column: 2,
    priority: 5,
    subPriority: 2,
    ...(required ? { isRequired: true } : {}),
    accordionBrief: { prefix: 'מתוך ' },
  }),
];

export const onPillarsCheckbox = (): FieldDef =>
  checkbox('onPillars', 'הבניין על עמודים', { showcond: IS_APARTMENT, column: 2, priority: 6 });

export const checkbox = (id: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  type: 'checkbox',
  label,
  acceptedValues: '0,1',
  accordionBrief: { value: label },
  ...extra,
});

export const roomsSelect = (required: boolean, extra: Partial<FieldDef> = {}): FieldDef =>
  select('rooms', 'מספר חדרים', ROOMS, {
    column: 1,
    priority: 1,
    ...(required ? { isRequired: true } : {}),
    accordionBrief: { postfix: ' חדרים' },
    ...extra,
  });

export const parkingSelect = (extra: Partial<FieldDef> = {}): FieldDef =>
  select('parking', 'חניה', PARKING, { column: 1, priority: 2, accordionBrief: { prefix: 'חניה: ' }, ...extra });

export const balconiesSelect = (extra: Partial<FieldDef> = {}): FieldDef =>
  select('balconies', 'מרפסות', BALCONIES, {
    column: 1,
    priority: 3,
    accordionBrief: { prefix: 'מרפסות: ' },
    ...extra,
  });

export const airDirectionsSelect = (extra: Partial<FieldDef> = {}): FieldDef =>
  select('airDirections', 'כיווני אוויר', AIR_DIRECTIONS, { column: 1, priority: 4, ...extra });

/** The feature checkboxes of the "property features" column. */
export const featureCheckboxes = (features: readonly Feature[], column: number, rent: boolean): FieldDef[] =>
  features
    .filter((f) => rent || !f.rentOnly)
    .map((f, i) =>
      checkbox(f.id, f.label, { column, priority: i + 1, ...(f.apartmentOnly ? { showcond: IS_APARTMENT } : {}) }),
    );

export const furnitureInfo = (column: number): FieldDef => ({
  id: 'furnitureInfo',
  type: 'text',
  label: 'פירוט הריהוט',
  placeholder: 'לדוגמה: מקרר, ארונות, מיטה זוגית',
  maxlength: 100,
  showcond: { kind: 'field', field: 'furnished', values: ['1'] },
  column,
  priority: 50,
});

export const descriptionTextarea = (column: number, placeholder: string): FieldDef => ({
  id: 'description',
  type: 'textarea',
  label: 'פרטים נוספים על הנכס',
  placeholder,
  maxlength: 600,
  charsCounter: true,
  qualityBar: true,
  column,
  priority: 1,
});

const area = (id: string, label: string, extra: Partial<FieldDef>): FieldDef => ({
  id,
  type: 'number',
  label,
  placeholder: 'במ"ר',
  isNumeric: true,
  maxlength: 6,
  // An area of 0 is no area (the input sets it to 1 when it loses focus).
  min: 1,
  accordionBrief: { postfix: ' מ"ר' },
  ...extra,
});

/** Built area: every property but land. */
export const sqmBuiltInput = (required: boolean, extra: Partial<FieldDef> = {}): FieldDef =>
  area('sqmBuilt', 'מ"ר בנוי', {
    showcond: NOT_LAND,
    column: 1,
    priority: 1,
    ...(required ? { isRequired: true } : {}),
    ...extra,
  });

/** Garden or yard (garden apartments and houses). */
export const gardenInput = (): FieldDef =>
  area('squareMeter', 'שטח גינה', {
    showcond: HAS_GARDEN,
    column: 1,
    priority: 2,
    accordionBrief: { prefix: 'גינה ', postfix: ' מ"ר' },
  });

/** Plot size: required for land, optional for houses. */
export const plotInput = (): FieldDef =>
  area('landArea', 'גודל המגרש', {
    showcond: HAS_PLOT,
    condRequired: IS_LAND,
    column: 1,
    priority: 3,
    accordionBrief: { prefix: 'מגרש ', postfix: ' מ"ר' },
  });

export const priceInput = (label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'price',
  type: 'number',
  label,
  placeholder: 'סכום בש"ח',
  isNumeric: true,
  maxlength: 10,
  column: 2,
  priority: 1,
  tooltip: { after: 'מודעה עם מחיר מקבלת יותר פניות' },
  accordionBrief: { postfix: ' ₪' },
  ...extra,
});

/** Is the price nominal or linked to an index; asked once a price is given (default: nominal). */
export const nominalPriceSelect = (choices: Choices): FieldDef =>
  select('nominalPrice', 'הצמדת המחיר', choices, {
    defaultValue: NOMINAL,
    showcond: { kind: 'field', field: 'price', values: ['-4'] },
    column: 2,
    priority: 2,
  });

export const paymentInYearSelect = (extra: Partial<FieldDef> = {}): FieldDef =>
  select('paymentInYear', 'מספר תשלומים בשנה', PAYMENTS_IN_YEAR, {
    isRequired: true,
    column: 2,
    priority: 3,
    accordionBrief: {},
    ...extra,
  });

const monthly = (id: string, label: string, priority: number): FieldDef => ({
  id,
  type: 'number',
  label,
  placeholder: 'סכום בש"ח',
  isNumeric: true,
  maxlength: 6,
  column: 2,
  priority,
});
export const houseCommitteeInput = (): FieldDef => monthly('houseCommittee', 'ועד בית (לחודש)', 4);
export const arnonaInput = (): FieldDef => monthly('arnona', 'ארנונה (לחודשיים)', 5);

const PRICE_GIVEN: Condition = { kind: 'field', field: 'price', values: ['-4'] };

/**
 * 109954, a sale: the price per built m² (price / sqmBuilt), worked out, shown read-only and sent with the ad (buyers
 * compare by it); the server works it out again. Not for land (no built area).
 */
export const pricePerMeterField = (): FieldDef => ({
  id: '109954',
  type: 'number',
  label: 'מחיר למ"ר בנוי',
  displayValue: '{value} ₪ למ"ר',
  dependencyResult: {
    formula: 'price / sqmBuilt',
    localKey: 'value',
    factors: [
      { id: 'price', key: 'price' },
      { id: 'sqmBuilt', key: 'sqmBuilt' },
    ],
  },
  showcond: { kind: 'group', conditions: [PRICE_GIVEN, NOT_LAND] },
  column: 2,
  priority: 3,
  accordionBrief: { postfix: ' ₪ למ"ר' },
});

/**
 * 110139, a rent: what the tenant pays a month in all, the rent, the house committee and half the arnona (asked
 * for two months), an estimate shown only (a span: nothing is sent).
 */
export const monthlyTotalField = (): FieldDef => ({
  id: '110139',
  type: 'span',
  label: 'סה"כ לחודש (שכירות, ועד בית וארנונה)',
  displayValue: '{value} ₪ לחודש',
  dependencyResult: {
    formula: 'rent + committee + arnona / 2',
    localKey: 'displayValue',
    factors: [
      { id: 'price', key: 'rent' },
      { id: 'houseCommittee', key: 'committee', default: 0 },
      { id: 'arnona', key: 'arnona', default: 0 },
    ],
  },
  showcond: PRICE_GIVEN,
  column: 2,
  priority: 6,
});

/** Entrance date with the "immediate" option (today); a preset date already past counts as immediate. */
export const entranceDateInput = (required: boolean, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'entranceDate',
  type: 'date',
  label: 'תאריך כניסה',
  placeholder: 'DD/MM/YYYY',
  format: 'DD/MM/YYYY',
  isImmediate: true,
  y2date: true,
  ...(required ? { isRequired: true } : {}),
  column: 3,
  priority: 1,
  accordionBrief: { prefix: 'כניסה: ' },
  ...extra,
});

export const flexibleEntranceCheckbox = (): FieldDef =>
  checkbox('entranceFlexible', 'תאריך הכניסה גמיש', { column: 3, priority: 2, accordionBrief: { value: 'גמיש' } });
