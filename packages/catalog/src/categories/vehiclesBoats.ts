/**
 * Boats (subcat 13): boat type, make, year and length; then the engine (none for kayaks and sailing boats by
 * default: changeByOtherField), its power and hours shown only when there is an engine.
 */
import { type CategoryCatalog, type Condition, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { withEditSteps } from './editing.ts';
import { freeTextMake, handSelect, productionYearInput, staticSelect } from './vehiclesFields.ts';
import { categoryStep, closingSteps, descriptionInput, priceInput, saleStep } from './vehiclesSteps.ts';

const NO_ENGINE = '4';
const HAS_ENGINE: Condition = { kind: 'field', field: 'engineType', values: ['1', '2', '3'] };

const typeStep = (): StepDef => ({
  area: 'personal_publish_car_type',
  title: 'פרטי כלי השיט',
  closeTitle: 'סוג כלי השיט',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  accordionBrief: { separator: ' · ' },
  fields: [
    staticSelect(
      'boatType',
      'סוג כלי השיט',
      [
        [1, 'סירת מנוע'],
        [2, 'מפרשית'],
        [3, 'אופנוע ים'],
        [4, 'סירת גומי'],
        [5, 'יאכטה'],
        [6, 'קיאק / קאנו'],
        [7, 'סירת דיג'],
        [99, 'אחר'],
      ],
      { isRequired: true, priority: 1, accordionBrief: {} },
    ),
    { ...freeTextMake(), priority: 2 },
    { ...productionYearInput(), priority: 3 },
    {
      id: 'length',
      type: 'text',
      label: 'אורך (מטרים)',
      placeholder: 'לדוגמה: 6.5',
      dir: 'ltr',
      isRequired: true,
      maxlength: 5,
      regex: '^\\d{1,2}(\\.\\d{1,2})?$',
      regexErrorMessage: 'יש להזין אורך במטרים, לדוגמה 6.5',
      priority: 4,
      accordionBrief: { postfix: ' מ׳' },
    },
  ],
});

const engineStep = (): StepDef => ({
  area: 'personal_publish_car_properties',
  title: 'מנוע ומאפיינים',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
  accordionBrief: { separator: ' · ' },
  fields: [
    staticSelect(
      'engineType',
      'סוג מנוע',
      [
        [1, 'חיצוני'],
        [2, 'פנימי'],
        [3, 'פנימי-חיצוני'],
        [NO_ENGINE, 'ללא מנוע'],
      ],
      {
        isRequired: true,
        changeByOtherField: { field: 'boatType', map: { '2': NO_ENGINE, '6': NO_ENGINE } },
        priority: 1,
        accordionBrief: { prefix: 'מנוע ' },
      },
    ),
    {
      id: 'enginePower',
      type: 'number',
      label: 'כוח מנוע (כ"ס)',
      isNumeric: true,
      isRequired: true,
      maxlength: 4,
      showcond: HAS_ENGINE,
      priority: 2,
      accordionBrief: { postfix: ' כ"ס' },
    },
    {
      id: 'engineHours',
      type: 'number',
      label: 'שעות מנוע',
      isNumeric: true,
      maxlength: 6,
      showcond: HAS_ENGINE,
      priority: 3,
    },
    { ...handSelect(), column: 1, priority: 4 },
  ],
});

const DESCRIPTION_HINT = 'ספרו על כלי השיט: מצב, ציוד, מקום עגינה וטיפולים';

export const BOATS_CATALOG: CategoryCatalog = withEditSteps({
  version: MODEL_VERSION,
  id: 'vehicles-boats',
  cat: 1,
  subcats: [13],
  firstStep: 1,
  steps: [
    categoryStep(),
    typeStep(),
    engineStep(),
    saleStep([priceInput(), descriptionInput('תיאור', DESCRIPTION_HINT)]),
    ...closingSteps(),
  ],
  // The boat itself (its type, make and year) stays as published.
  editLocked: ['subcat', 'boatType', 'manufacturer', 'productionYear'],
});
