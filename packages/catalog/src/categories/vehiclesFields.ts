/**
 * Vehicle field definitions shared by the vehicle catalogues: make/model/year choice, licence plate, and the
 * vehicle's properties. Builders return fresh objects, so steps never share (and never mutate) a field.
 */

import { PLATE_REGEX } from '@app/form-engine/format';
import type { Condition, FieldDef, Option } from '@app/form-engine/model';
import { HEBREW_MONTHS } from '../calendar.ts';
import { HAND_NEW, HAND_OPTIONS } from '../vehicles/hands.ts';
import {
  COLOR_GROUP_ATTR,
  NEW_VEHICLE_OWNER,
  VEHICLE_LIST_PARAMS,
  VEHICLE_LISTS,
  vehicleListUrl,
} from './vehiclesLists.ts';

/** A select over a vehicle list, its parents being the list's query parameters. */
function listSelect(id: string, label: string, list: keyof typeof VEHICLE_LISTS, extra: Partial<FieldDef> = {}) {
  const listId = VEHICLE_LISTS[list];
  const parents = VEHICLE_LIST_PARAMS[listId];
  const field: FieldDef = {
    id,
    type: 'select',
    label,
    placeholder: 'בחירה',
    dataUrl: vehicleListUrl(listId),
    ...extra,
  };
  return parents.length > 0 ? { ...field, dependence: [...parents] } : field;
}

const options = (entries: readonly (readonly [number | string, string])[]): Option[] =>
  entries.map(([value, text]) => ({ value: String(value), text }));

/** Sub-categories with the licence-number search (spec: private, commercial, jeeps). */
export const PLATE_SEARCH: Condition = { kind: 'field', field: 'subcat', values: ['1', '2', '3'] };

export const plateFields = (): FieldDef[] => [
  { id: 'plateTitle', type: 'title', label: 'חיפוש לפי מספר רישוי', showcond: PLATE_SEARCH, priority: 1 },
  {
    id: 'registrationPlate',
    type: 'text',
    label: 'מספר רישוי',
    placeholder: '00-000-00',
    dir: 'ltr',
    format: 'plate',
    maxlength: 10,
    regex: PLATE_REGEX,
    regexErrorMessage: 'מספר רישוי צריך להכיל 7 או 8 ספרות',
    tooltip: { after: 'נמלא עבורכם את פרטי הרכב לפי מספר הרישוי' },
    // The licence number identifies the car's owner in the vehicle registry: the page buyers read never shows it.
    notPublic: true,
    showcond: PLATE_SEARCH,
    priority: 2,
  },
  {
    id: 'plateSearch',
    type: 'button',
    label: 'חיפוש',
    dependence: ['registrationPlate'],
    showcond: PLATE_SEARCH,
    priority: 3,
  },
  { id: 'manualTitle', type: 'title', label: 'או בחירה ידנית', showcond: PLATE_SEARCH, priority: 4 },
];

const brief = { accordionBrief: {} };

export const manufacturerSelect = () =>
  listSelect('manufacturer', 'יצרן', 'manufacturers', { isRequired: true, priority: 5, ...brief });
export const modelSelect = () => listSelect('model', 'דגם', 'models', { isRequired: true, priority: 6, ...brief });
export const yearSelect = () => listSelect('year', 'שנת ייצור', 'years', { isRequired: true, priority: 7, ...brief });
/** Shown once a year is chosen; its list depends on model and year. */
export const subModelSelect = () =>
  listSelect('subModel', 'תת דגם', 'subModels', {
    isRequired: true,
    priority: 8,
    showcond: { kind: 'field', field: 'year', values: ['-4'] },
    ...brief,
  });

export const colorGroupSelect = () =>
  listSelect('colorGroup', 'צבע', 'colorGroups', { isRequired: true, column: 1, priority: 1, ...brief });
/** Shades of the chosen colour group. */
export const colorSelect = () =>
  listSelect('color', 'גוון', 'colors', {
    filterByOtherField: { field: 'colorGroup', optionKey: COLOR_GROUP_ATTR },
    column: 1,
    priority: 2,
  });

export const handSelect = (): FieldDef => ({
  id: 'hand',
  type: 'select',
  label: 'יד',
  placeholder: 'בחירה',
  isRequired: true,
  options: HAND_OPTIONS.map((hand) => ({ value: String(hand.value), text: hand.text })),
  column: 1,
  priority: 3,
  ...brief,
});

/** Option 14 (new from the importer) only with hand 0. */
export const ownerSelect = () =>
  listSelect('ownerID', 'בעלות נוכחית', 'owners', {
    isRequired: true,
    optionRules: [
      { values: [NEW_VEHICLE_OWNER], enabledWhen: { kind: 'field', field: 'hand', values: [String(HAND_NEW)] } },
    ],
    column: 1,
    priority: 4,
  });

const MONTHS = HEBREW_MONTHS;
export const monthSelect = (): FieldDef => ({
  id: 'month',
  type: 'select',
  label: 'חודש עלייה לכביש',
  placeholder: 'חודש',
  options: MONTHS.map((text, i) => ({ value: String(i + 1), text })),
  column: 2,
  priority: 1,
  subPriority: 1,
});

/** Year on road: the model's years; follows the production year when that changes. */
export const yearOnRoadSelect = () =>
  listSelect('yearOnRoad', 'שנת עלייה לכביש', 'years', {
    isRequired: true,
    changeByOtherField: { field: 'year' },
    column: 2,
    priority: 1,
    subPriority: 2,
  });

export const kmInput = (): FieldDef => ({
  id: 'km',
  type: 'number',
  label: "קילומטראז'",
  placeholder: 'לדוגמה: 85,000',
  isNumeric: true,
  isRequired: true,
  maxlength: 7,
  column: 2,
  priority: 2,
  accordionBrief: { postfix: ' ק"מ' },
});

export const testDateInput = (): FieldDef => ({
  id: 'testDate',
  type: 'date',
  label: 'טסט בתוקף עד',
  placeholder: 'DD/MM/YYYY',
  format: 'DD/MM/YYYY',
  column: 2,
  priority: 3,
});

export const engineVolumeInput = (): FieldDef => ({
  id: 'engineVolume',
  type: 'number',
  label: 'נפח מנוע (סמ"ק)',
  isNumeric: true,
  isRequired: true,
  maxlength: 5,
  // From a moped's engine to a lorry's.
  min: 1,
  max: 20_000,
  column: 2,
  priority: 4,
  accordionBrief: { postfix: ' סמ"ק' },
});

/** A four-digit year typed by hand (vehicles without a model list). */
export const productionYearInput = (): FieldDef => ({
  id: 'productionYear',
  name: 'year',
  type: 'number',
  label: 'שנת ייצור',
  isNumeric: true,
  noFormat: true,
  isRequired: true,
  maxlength: 4,
  regex: '^(19|20)\\d{2}$',
  regexErrorMessage: 'יש להזין שנה בת 4 ספרות',
  ...brief,
});

export const freeTextMake = (): FieldDef => ({
  id: 'manufacturer',
  type: 'text',
  label: 'יצרן',
  isRequired: true,
  maxlength: 50,
  ...brief,
});

export const staticSelect = (
  id: string,
  label: string,
  entries: readonly (readonly [number | string, string])[],
  extra: Partial<FieldDef> = {},
): FieldDef => ({ id, type: 'select', label, placeholder: 'בחירה', options: options(entries), ...extra });
