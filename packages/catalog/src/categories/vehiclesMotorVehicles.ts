/**
 * Motorcycles (4), scooters (5) and trucks (9): the car shape with their own makes and models (the lists are
 * filtered by subcat), no sub-model and no licence search; two-wheelers add the engine volume, trucks the
 * weight class and gearbox.
 */
import { type CategoryCatalog, type FieldDef, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { withEditSteps } from './editing.ts';
import {
  colorGroupSelect,
  colorSelect,
  engineVolumeInput,
  handSelect,
  kmInput,
  manufacturerSelect,
  modelSelect,
  monthSelect,
  ownerSelect,
  staticSelect,
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

interface Names {
  id: string;
  subcat: number;
  /** "האופנוע", "הקטנוע", "המשאית". */
  the: string;
}

const typeStep = ({ the }: Names): StepDef => ({
  area: 'personal_publish_car_type',
  title: `פרטי ${the}`,
  closeTitle: `סוג ${the}`,
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  accordionBrief: { separator: ' ' },
  fields: [manufacturerSelect(), modelSelect(), yearSelect()],
});

const propertiesStep = ({ the }: Names, extra: FieldDef[]): StepDef => ({
  area: 'personal_publish_car_properties',
  title: `מאפייני ${the}`,
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
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
    ...extra,
  ],
});

function motorCatalog(names: Names, extra: () => FieldDef[]): CategoryCatalog {
  const description = () => descriptionInput('תיאור', `ספרו על ${names.the}: מצב כללי, טיפולים ותוספות`);
  return withEditSteps({
    version: MODEL_VERSION,
    id: names.id,
    cat: 1,
    subcats: [names.subcat],
    firstStep: 1,
    steps: [
      categoryStep(),
      typeStep(names),
      propertiesStep(names, extra()),
      saleStep([priceInput(), description(), checkbox('readyForTest', 'מוכן/ה לבדיקה בכל מכון', 'מוכן לבדיקה', 3)]),
      ...closingSteps(),
    ],
    editLocked: VEHICLE_LOCKED,
  });
}

export const MOTORCYCLES_CATALOG = motorCatalog({ id: 'vehicles-motorcycles', subcat: 4, the: 'האופנוע' }, () => [
  engineVolumeInput(),
]);

export const SCOOTERS_CATALOG = motorCatalog({ id: 'vehicles-scooters', subcat: 5, the: 'הקטנוע' }, () => [
  engineVolumeInput(),
]);

const WEIGHT_CLASSES = [
  [1, 'עד 3.5 טון'],
  [2, '3.5 עד 12 טון'],
  [3, '12 עד 15 טון'],
  [4, '15 עד 32 טון'],
  [5, 'מעל 32 טון'],
] as const;

const GEARBOXES = [
  [1, 'ידנית'],
  [2, 'אוטומטית'],
  [3, 'רובוטית'],
] as const;

export const TRUCKS_CATALOG = motorCatalog({ id: 'vehicles-trucks', subcat: 9, the: 'המשאית' }, () => [
  staticSelect('weightClass', 'משקל כולל', WEIGHT_CLASSES, {
    isRequired: true,
    column: 2,
    priority: 4,
    accordionBrief: {},
  }),
  staticSelect('gearbox', 'תיבת הילוכים', GEARBOXES, { column: 2, priority: 5 }),
]);
