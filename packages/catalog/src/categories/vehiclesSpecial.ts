/**
 * Special vehicles (subcat 6): type, free-text make and model, a typed production year. Choosing a truck or
 * an off-road motorcycle redirects to that section (the redirect rules of data/publish-rules.json). Engine hours show for working
 * machines, kilometres for road-going ones.
 */
import { type CategoryCatalog, type Condition, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { withEditSteps } from './editing.ts';
import {
  freeTextMake,
  handSelect,
  kmInput,
  productionYearInput,
  staticSelect,
  testDateInput,
} from './vehiclesFields.ts';
import { categoryStep, closingSteps, descriptionInput, priceInput, saleStep } from './vehiclesSteps.ts';

const typeIs = (...values: number[]): Condition => ({
  kind: 'field',
  field: 'specialType',
  values: values.map(String),
});

const specialTypeSelect = () => ({
  ...staticSelect(
    'specialType',
    'סוג הרכב',
    [
      [1, 'טרקטור'],
      [2, 'מלגזה'],
      [3, 'טרקטורון'],
      [4, 'רכב שטח / באגי'],
      [5, 'קרוואן'],
      [6, 'נגרר / עגלה'],
      [7, 'ציוד הנדסי'],
      [99, 'אחר'],
    ],
    { isRequired: true, priority: 1, accordionBrief: {} },
  ),
});

/** Types that belong to another section: choosing one moves the ad there (data/publish-rules.json). */
const withRedirects = () => {
  const field = specialTypeSelect();
  return {
    ...field,
    options: [
      ...(field.options ?? []).slice(0, -1),
      { value: '8', text: 'משאית' },
      { value: '9', text: 'אופנוע שטח' },
      ...(field.options ?? []).slice(-1),
    ],
  };
};

const WORKING_MACHINES = typeIs(1, 2, 7);
const ROAD_GOING = typeIs(3, 4, 5);

const typeStep = (): StepDef => ({
  area: 'personal_publish_car_type',
  title: 'פרטי הרכב',
  closeTitle: 'סוג הרכב',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  accordionBrief: { separator: ' ' },
  fields: [
    withRedirects(),
    { ...freeTextMake(), priority: 2 },
    { id: 'modelText', name: 'model', type: 'text', label: 'דגם', maxlength: 50, priority: 3, accordionBrief: {} },
    { ...productionYearInput(), priority: 4 },
  ],
});

const propertiesStep = (): StepDef => ({
  area: 'personal_publish_car_properties',
  title: 'מאפייני הרכב',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
  accordionBrief: { separator: ' · ' },
  fields: [
    handSelect(),
    {
      id: 'engineHours',
      type: 'number',
      label: 'שעות מנוע',
      isNumeric: true,
      isRequired: true,
      maxlength: 6,
      showcond: WORKING_MACHINES,
      column: 2,
      priority: 1,
      accordionBrief: { postfix: ' שעות מנוע' },
    },
    { ...kmInput(), showcond: ROAD_GOING },
    testDateInput(),
  ],
});

const DESCRIPTION_HINT = 'ספרו על הרכב: מצב כללי, שימושים, טיפולים ותוספות';

export const SPECIAL_CATALOG: CategoryCatalog = withEditSteps({
  version: MODEL_VERSION,
  id: 'vehicles-special',
  cat: 1,
  subcats: [6],
  firstStep: 1,
  steps: [
    categoryStep(),
    typeStep(),
    propertiesStep(),
    saleStep([priceInput(), descriptionInput('תיאור', DESCRIPTION_HINT)]),
    ...closingSteps(),
  ],
  // The vehicle itself (its type, make, model and year) stays as published.
  editLocked: ['subcat', 'specialType', 'manufacturer', 'modelText', 'productionYear'],
});
