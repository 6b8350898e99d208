/**
 * Tourism (cat 10; boards: zimmers and cabins 1, villas and holiday homes 2, holiday apartments 3, hotels
 * and guest houses 4, camping and glamping 5): choose board (step 0, the picker), tourism product details
 * (region, unit type of the board, guests, prices, dates, amenities), media (up to 10 photos), login, plan;
 * the first step is 0. Edit: tourism details, then the edit login.
 */
import { type CategoryCatalog, type FieldDef, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { PICKERS } from '../pickers.ts';
import { AMENITIES, MIN_NIGHTS, TOURISM_REGIONS, UNIT_TYPES } from '../tourism/tourism.ts';
import { withEditSteps } from './editing.ts';
import { mediaStep } from './media.ts';
import { staticSelect } from './vehiclesFields.ts';
import { loginStep, planStep } from './vehiclesSteps.ts';

/** Unit-type option attribute: the board (subcat) that lists it. */
export const BOARD_ATTR = 'board';

const picker = PICKERS.find((p) => p.id === 'tourism');
/** The picker's sub-categories as [value, title]. */
const BOARDS = (picker?.entries ?? []).map((e) => [Number(e.params.subcat), e.title] as const);

const categoryStep = (): StepDef => ({
  area: 'personal_publish_category',
  title: picker?.label ?? 'באיזה לוח תרצו לפרסם?',
  closeTitle: picker?.title ?? 'תיירות ונופש',
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  accordionBrief: { prefix: 'תיירות ונופש · ' },
  fields: [staticSelect('subcat', 'לוח', BOARDS, { type: 'radio', isRequired: true, accordionBrief: {} })],
});

const number = (id: string, label: string, maxlength: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  type: 'number',
  label,
  isNumeric: true,
  maxlength,
  ...extra,
});

const nightPrice = (id: string, label: string, extra: Partial<FieldDef> = {}): FieldDef =>
  number(id, label, 6, { placeholder: 'סכום בש"ח ללילה', accordionBrief: { postfix: ' ₪ ללילה' }, ...extra });

const date = (id: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  type: 'date',
  label,
  placeholder: 'DD/MM/YYYY',
  format: 'DD/MM/YYYY',
  ...extra,
});

const amenities = (extra: Partial<FieldDef> = {}): FieldDef => ({
  ...staticSelect('amenities', 'מה יש במקום', AMENITIES),
  type: 'multipleRadios',
  multiple: true,
  ...extra,
});

const description = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'description',
  type: 'textarea',
  label: 'תיאור המקום',
  placeholder: 'ספרו על המקום: האווירה, הנוף, מה יש בסביבה ולמי הוא מתאים',
  isRequired: true,
  minlength: 20,
  maxlength: 1500,
  charsCounter: true,
  qualityBar: true,
  ...extra,
});

const detailsStep = (): StepDef => ({
  area: 'personal_publish_tourism_details',
  title: 'פרטי המקום',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  columnTitles: [
    { column: 1, title: 'המקום' },
    { column: 2, title: 'מחירים וזמינות' },
    { column: 3, title: 'מה מחכה לאורחים' },
  ],
  accordionBrief: { separator: ' · ' },
  fields: [
    {
      ...staticSelect('unitType', 'סוג היחידה', []),
      options: UNIT_TYPES.map((u) => ({ value: String(u.value), text: u.text, attrs: { [BOARD_ATTR]: u.board } })),
      filterByOtherField: { field: 'subcat', optionKey: BOARD_ATTR },
      isRequired: true,
      column: 1,
      priority: 1,
      accordionBrief: {},
    },
    staticSelect('region', 'אזור', TOURISM_REGIONS, { isRequired: true, column: 1, priority: 2, accordionBrief: {} }),
    { id: 'settlement', type: 'text', label: 'יישוב', isRequired: true, maxlength: 40, column: 1, priority: 3 },
    number('units', 'מספר יחידות להשכרה', 3, { noFormat: true, column: 1, priority: 4 }),
    number('bedrooms', 'חדרי שינה', 2, { noFormat: true, column: 1, priority: 5 }),
    number('maxGuests', 'מספר אורחים מרבי', 3, {
      noFormat: true,
      isRequired: true,
      regex: '^[1-9][0-9]{0,2}$',
      regexErrorMessage: 'יש להזין לפחות אורח אחד',
      column: 1,
      priority: 6,
      accordionBrief: { postfix: ' אורחים' },
    }),
    nightPrice('priceMidweek', 'מחיר ללילה באמצע השבוע', { isRequired: true, column: 2, priority: 1 }),
    nightPrice('priceWeekend', 'מחיר ללילה בסוף השבוע', { column: 2, priority: 2 }),
    staticSelect('minNights', 'מינימום לילות', MIN_NIGHTS, { column: 2, priority: 3 }),
    date('availableFrom', 'פנוי החל מ', { isRequired: true, isImmediate: true, y2date: true, column: 2, priority: 4 }),
    date('availableUntil', 'פנוי עד', { column: 2, priority: 5 }),
    amenities({ column: 3, priority: 1 }),
    description({ column: 3, priority: 2 }),
  ],
});

export const TOURISM_CATALOG: CategoryCatalog = withEditSteps({
  version: MODEL_VERSION,
  id: 'tourism',
  cat: 10,
  subcats: BOARDS.map(([subcat]) => subcat),
  firstStep: 0,
  steps: [categoryStep(), detailsStep(), mediaStep({ images: 10, title: 'תמונות המקום' }), loginStep(), planStep()],
  // The place itself (its kind, region and settlement) stays as published.
  editLocked: ['subcat', 'unitType', 'region', 'settlement'],
});
