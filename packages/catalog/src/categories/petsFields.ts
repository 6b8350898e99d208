/** Pet fields (cat 5): breed of the type, sale or adoption, sex or group, age, price, area, features. */
import type { FieldDef } from '@app/form-engine/model';
import type { PetType } from '../pets/petTypes.ts';
import { AREA_ENTRIES } from './secondHandFields.ts';
import { staticSelect } from './vehiclesFields.ts';

const AD_TYPES = [
  [1, 'למכירה'],
  [2, 'למסירה לאימוץ'],
] as const;

const SEXES = [
  [1, 'זכר'],
  [2, 'נקבה'],
] as const;
const GROUPS = [
  [3, 'זוג'],
  [4, 'כמה בעלי חיים'],
  [5, 'לא ידוע'],
] as const;
export const GROUP_SEX = '4';

const AGES = [
  [1, 'עד חודשיים'],
  [2, 'חודשיים עד חצי שנה'],
  [3, 'חצי שנה עד שנה'],
  [4, 'שנה עד 3 שנים'],
  [5, '3 עד 7 שנים'],
  [6, 'מעל 7 שנים'],
] as const;

export const breedField = (type: PetType): FieldDef => ({
  ...staticSelect(
    'breed',
    type.breedLabel,
    type.breeds.map((b) => [b.value, b.text] as const),
    { isRequired: true, priority: 1, accordionBrief: {} },
  ),
});

export const adTypeField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'adType',
  type: 'radio',
  label: 'סוג המודעה',
  isRequired: true,
  options: AD_TYPES.map(([value, text]) => ({ value: String(value), text })),
  accordionBrief: {},
  ...extra,
});

export const sexField = (type: PetType, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'sex',
  type: 'radio',
  label: type.inGroups ? 'זכר, נקבה או קבוצה' : 'מין',
  isRequired: true,
  options: [...SEXES, ...(type.inGroups ? GROUPS : [])].map(([value, text]) => ({ value: String(value), text })),
  accordionBrief: {},
  ...extra,
});

/** How many, when the ad offers several animals. */
export const quantityField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'quantity',
  type: 'number',
  label: 'כמה בעלי חיים',
  isNumeric: true,
  noFormat: true,
  isRequired: true,
  maxlength: 4,
  regex: '^[1-9][0-9]{0,3}$',
  regexErrorMessage: 'יש להזין מספר מ-1 ומעלה',
  showcond: { kind: 'field', field: 'sex', values: [GROUP_SEX] },
  accordionBrief: { postfix: ' יחידות' },
  ...extra,
});

export const ageField = (extra: Partial<FieldDef> = {}): FieldDef =>
  staticSelect('age', 'גיל', AGES, { isRequired: true, accordionBrief: {}, ...extra });

export const petPriceField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'price',
  type: 'number',
  label: 'מחיר',
  placeholder: 'סכום בש"ח',
  isNumeric: true,
  isRequired: true,
  maxlength: 7,
  showcond: { kind: 'field', field: 'adType', values: ['1'] },
  accordionBrief: { postfix: ' ₪' },
  ...extra,
});

export const petAreaField = (extra: Partial<FieldDef> = {}): FieldDef =>
  staticSelect('area', 'אזור', AREA_ENTRIES, { isRequired: true, ...extra });

/** Horses: height at the withers. */
export const heightField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'height',
  type: 'number',
  label: 'גובה (ס"מ)',
  isNumeric: true,
  noFormat: true,
  maxlength: 3,
  ...extra,
});

export const featuresField = (type: PetType, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'features',
  type: 'multipleRadios',
  multiple: true,
  label: 'מאפיינים נוספים',
  options: type.features.map((text, i) => ({ value: String(i + 1), text })),
  ...extra,
});

export const shortDescriptionField = (type: PetType, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'description',
  type: 'textarea',
  label: 'תיאור קצר',
  placeholder: `ספרו על ${type.inGroups ? 'בעלי החיים' : 'בעל החיים'}: אופי, הרגלים, בריאות ולמה ${type.inGroups ? 'הם מחפשים' : 'הוא מחפש'} בית`,
  isRequired: true,
  minlength: 10,
  maxlength: 400,
  charsCounter: true,
  qualityBar: true,
  ...extra,
});
