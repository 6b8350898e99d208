/** Vehicle accessories (subcat 7): product type, condition, description and price in one step. */
import { type CategoryCatalog, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { SALES_PROPERTIES_EDIT, withEditSteps } from './editing.ts';
import { staticSelect } from './vehiclesFields.ts';
import { categoryStep, closingSteps, descriptionInput, priceInput } from './vehiclesSteps.ts';

const PRODUCT_TYPES = [
  [1, 'מערכות שמע ומולטימדיה'],
  [2, "ג'אנטים וצמיגים"],
  [3, 'חלקי חילוף'],
  [4, 'אביזרי פנים'],
  [5, 'אביזרי חוץ וגגונים'],
  [6, 'מערכות מיגון ואזעקה'],
  [7, 'מושבי בטיחות לילדים'],
  [8, 'כלי עבודה וציוד לרכב'],
  [99, 'אחר'],
] as const;

const conditionRadio = () => ({
  id: 'productCondition',
  type: 'radio' as const,
  label: 'מצב המוצר',
  isRequired: true,
  options: [
    { value: '1', text: 'חדש' },
    { value: '2', text: 'כמו חדש' },
    { value: '3', text: 'משומש' },
  ],
  priority: 2,
  accordionBrief: {},
});

const DESCRIPTION_HINT = 'ספרו על המוצר: דגם, התאמה לרכבים, מצב ואחריות';

const productStep = (): StepDef => ({
  area: 'personal_publish_product_details',
  title: 'פרטי המוצר',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  accordionBrief: { separator: ' · ' },
  fields: [
    staticSelect('productType', 'סוג המוצר', PRODUCT_TYPES, { isRequired: true, priority: 1, accordionBrief: {} }),
    conditionRadio(),
    { ...descriptionInput('תיאור המוצר', DESCRIPTION_HINT, true), priority: 3 },
    { ...priceInput(), priority: 4 },
  ],
});

export const ACCESSORIES_CATALOG: CategoryCatalog = withEditSteps(
  {
    version: MODEL_VERSION,
    id: 'vehicles-accessories',
    cat: 1,
    subcats: [7],
    firstStep: 1,
    steps: [categoryStep(), productStep(), ...closingSteps()],
    // What the product is stays as published; its condition, description and price are the owner's to change.
    editLocked: ['subcat', 'productType'],
  },
  { names: { personal_publish_product_details: SALES_PROPERTIES_EDIT } },
);
