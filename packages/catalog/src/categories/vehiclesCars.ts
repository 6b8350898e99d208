/**
 * Cars: private (1), commercial (2), jeeps (3) and the trader sub-categories 8 (private-car trader) and 11
 * (commercial trader), which reuse them with trader-only fields (isTraderRequest). Licence-number search is
 * offered for 1, 2 and 3 only.
 */
import { type CategoryCatalog, type FieldDef, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { withEditSteps } from './editing.ts';
import {
  colorGroupSelect,
  colorSelect,
  handSelect,
  kmInput,
  manufacturerSelect,
  modelSelect,
  monthSelect,
  ownerSelect,
  plateFields,
  subModelSelect,
  testDateInput,
  yearOnRoadSelect,
  yearSelect,
} from './vehiclesFields.ts';
import {
  categoryStep,
  checkbox,
  closingSteps,
  descriptionInput,
  priceInput,
  saleStep,
  VEHICLE_LOCKED,
} from './vehiclesSteps.ts';

const carTypeStep = (): StepDef => ({
  area: 'personal_publish_car_type',
  title: 'איזה רכב יש לך?',
  closeTitle: 'סוג הרכב',
  subTitle: 'חפשו לפי מספר רישוי או בחרו את פרטי הרכב ידנית',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  accordionBrief: { separator: ' ' },
  fields: [...plateFields(), manufacturerSelect(), modelSelect(), yearSelect(), subModelSelect()],
});

const carPropertiesStep = (): StepDef => ({
  area: 'personal_publish_car_properties',
  title: 'מאפייני הרכב',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
  columnTitles: [
    { column: 1, title: 'מראה ובעלות' },
    { column: 2, title: 'שימוש ותחזוקה' },
  ],
  accordionBrief: { separator: ' · ' },
  fields: [
    colorGroupSelect(),
    colorSelect(),
    handSelect(),
    ownerSelect(),
    monthSelect(),
    yearOnRoadSelect(),
    kmInput(),
    testDateInput(),
  ],
});

const DESCRIPTION_HINT = 'ספרו על הרכב: מצב כללי, טיפולים, תוספות ואבזור';

const traderFields = (): FieldDef[] => [
  checkbox('warranty', 'כולל אחריות', 'כולל אחריות', 5, true),
  checkbox('financing', 'אפשרות למימון', 'אפשרות למימון', 6, true),
];

const carSaleStep = (): StepDef =>
  saleStep([
    priceInput(),
    descriptionInput('תיאור הרכב', DESCRIPTION_HINT),
    checkbox('tradeIn', 'מעוניין/ת בטרייד-אין (החלפת הרכב)', 'טרייד-אין', 3, false),
    checkbox('readyForTest', 'מוכן/ה לבדיקה בכל מכון', 'מוכן לבדיקה', 4),
    ...traderFields(),
  ]);

export const CARS_CATALOG: CategoryCatalog = withEditSteps({
  version: MODEL_VERSION,
  id: 'vehicles-cars',
  cat: 1,
  subcats: [1, 2, 3, 8, 11],
  firstStep: 1,
  steps: [categoryStep(), carTypeStep(), carPropertiesStep(), carSaleStep(), ...closingSteps()],
  // The car as the licence search or the manual choice found it: its plate search and its sub-model too.
  editLocked: [...VEHICLE_LOCKED, 'subModel', 'plateTitle', 'registrationPlate', 'plateSearch', 'manualTitle'],
});
