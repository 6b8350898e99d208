/**
 * Household-worker fields (cat 14): what a nanny or a house assistant offers (subcats 1, 3), or what a
 * family looks for (subcats 2, 4). Pure data and builders; the catalogue picks them per choice.
 */
import type { FieldDef } from '@app/form-engine/model';
import { AREA_ENTRIES } from './secondHandFields.ts';
import { staticSelect } from './vehiclesFields.ts';

type Entries = readonly (readonly [number, string])[];

export const EXPERIENCE: Entries = [
  [1, 'ללא ניסיון'],
  [2, 'עד שנה'],
  [3, '1–3 שנים'],
  [4, '3–5 שנים'],
  [5, 'מעל 5 שנים'],
];
export const JOB_TYPES: Entries = [
  [1, 'משרה מלאה'],
  [2, 'משרה חלקית'],
  [3, 'שעות גמישות'],
  [4, 'ערבים וסופי שבוע'],
  [5, 'עם לינה'],
];
export const DAYS: Entries = [
  [1, 'ראשון'],
  [2, 'שני'],
  [3, 'שלישי'],
  [4, 'רביעי'],
  [5, 'חמישי'],
  [6, 'שישי'],
  [7, 'שבת'],
];
export const LANGUAGES: Entries = [
  [1, 'עברית'],
  [2, 'אנגלית'],
  [3, 'רוסית'],
  [4, 'ערבית'],
  [5, 'אמהרית'],
  [6, 'צרפתית'],
  [7, 'ספרדית'],
  [8, 'טגלוג (פיליפינית)'],
];
export const CHILD_AGES: Entries = [
  [1, 'תינוקות (עד שנה)'],
  [2, 'פעוטות (1–3)'],
  [3, 'גיל הגן (3–6)'],
  [4, 'גיל בית הספר (6+)'],
];
export const SERVICES: Entries = [
  [1, 'ניקיון הבית'],
  [2, 'כביסה וגיהוץ'],
  [3, 'בישול'],
  [4, 'ניקוי חלונות'],
  [5, 'סידור וארגון'],
  [6, 'ניקיון אחרי שיפוץ'],
  [7, 'עזרה לקשישים'],
];
export const HOME_SIZES: Entries = [
  [1, 'עד 3 חדרים'],
  [2, '4 חדרים'],
  [3, '5 חדרים'],
  [4, '6 חדרים ומעלה'],
  [5, 'בית פרטי'],
];

export const choices = (id: string, label: string, entries: Entries, extra: Partial<FieldDef> = {}): FieldDef => ({
  ...staticSelect(id, label, entries),
  type: 'multipleRadios',
  multiple: true,
  ...extra,
});

export const select = (id: string, label: string, entries: Entries, extra: Partial<FieldDef> = {}): FieldDef =>
  staticSelect(id, label, entries, extra);

export const areaSelect = (extra: Partial<FieldDef> = {}): FieldDef =>
  staticSelect('area', 'אזור', AREA_ENTRIES, { isRequired: true, accordionBrief: {}, ...extra });

export const ageInput = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'age',
  type: 'number',
  label: 'גיל',
  isNumeric: true,
  noFormat: true,
  isRequired: true,
  maxlength: 2,
  regex: '^(1[6-9]|[2-9][0-9])$',
  regexErrorMessage: 'יש להזין גיל בין 16 ל-99',
  accordionBrief: { prefix: 'גיל ' },
  ...extra,
});

export const hourlyRate = (label: string, required: boolean, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'hourlyRate',
  type: 'number',
  label,
  placeholder: 'ש"ח לשעה',
  isNumeric: true,
  maxlength: 4,
  ...(required ? { isRequired: true } : {}),
  accordionBrief: { postfix: ' ₪ לשעה' },
  ...extra,
});

export const kidsCount = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'kidsCount',
  type: 'number',
  label: 'מספר ילדים',
  isNumeric: true,
  noFormat: true,
  isRequired: true,
  maxlength: 2,
  regex: '^[1-9][0-9]?$',
  regexErrorMessage: 'יש להזין לפחות ילד אחד',
  accordionBrief: { postfix: ' ילדים' },
  ...extra,
});

export const startDate = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'startDate',
  type: 'date',
  label: 'תחילת עבודה',
  placeholder: 'DD/MM/YYYY',
  format: 'DD/MM/YYYY',
  isImmediate: true,
  y2date: true,
  ...extra,
});

export const workerDescription = (placeholder: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'description',
  type: 'textarea',
  label: 'כמה מילים',
  placeholder,
  isRequired: true,
  minlength: 10,
  maxlength: 600,
  charsCounter: true,
  qualityBar: true,
  ...extra,
});
