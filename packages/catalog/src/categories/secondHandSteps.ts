/**
 * Steps of the second-hand product flows (cat 3): the sub-category (step 0, the picker), the optional
 * free-text category search (shown under the A/B test only), the product step and what edit mode locks.
 */
import type { FieldDef, Option, StepDef } from '@app/form-engine/model';
import { PICKERS } from '../pickers.ts';
import { SALES_PROPERTIES_EDIT } from './editing.ts';
import {
  areaField,
  brandField,
  categoryPathFields,
  conditionField,
  deliveryField,
  forFreeField,
  NO_AREA_SUB_CAT,
  NO_NOMINAL_PRICE_SUB_CATS,
  nominalPriceField,
  type PathOptions,
  productDescription,
  productSearchField,
  quantityField,
  salePriceField,
  titleField,
  totalPriceField,
} from './secondHandFields.ts';
import { withSectionTexts } from './secondHandSections.ts';
import { checkbox } from './vehiclesSteps.ts';

/** The A/B test under which the free-text category search step is shown. */
export const FREE_SEARCH_AB_TEST = 'secondHandFreeSearch';

const secondHandPicker = PICKERS.find((picker) => picker.id === 'secondHand');

/** Sub-categories of cat 3: private (0) and business (2). */
export const SECOND_HAND_SUBCAT_OPTIONS: Option[] = [
  { value: '0', text: 'פרטי' },
  { value: '2', text: 'עסקי' },
];

/** Step 0, area personal_publish_category: the picker UI renders it; the caller seeds the selector field. */
export const secondHandCategoryStep = (field: FieldDef, closeTitle = 'יד שנייה'): StepDef => ({
  area: 'personal_publish_category',
  title: secondHandPicker?.label ?? 'מה תרצו לפרסם ביד שנייה?',
  closeTitle,
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  accordionBrief: { prefix: `${closeTitle} · ` },
  fields: [field],
});

export const subcatField = (): FieldDef => ({
  id: 'subcat',
  type: 'radio',
  label: 'סוג המפרסם',
  isRequired: true,
  options: SECOND_HAND_SUBCAT_OPTIONS,
  accordionBrief: {},
});

/** The optional free-text search for the product's category (A/B test; check false: it may be skipped). */
export const freeSearchStep = (options: { scope?: number; subcat: number }): StepDef => ({
  area: 'personal_publish_product_search',
  title: 'מה אתם מוכרים?',
  closeTitle: 'חיפוש קטגוריה',
  subTitle: 'הקלידו את שם המוצר ונמצא עבורכם את הקטגוריה המתאימה',
  stepGroup: 'fillDetails',
  check: false,
  showNavButtons: true,
  showBackButton: false,
  showOnABTest: FREE_SEARCH_AB_TEST,
  fields: [productSearchField(options)],
});

const DESCRIPTION_HINT = 'ספרו על המוצר: מידות, גיל, סיבת המכירה, פגמים אם יש';

/** Traders (subcat 2) may add these. */
const traderFields = (): FieldDef[] => [
  { ...checkbox('warranty', 'כולל אחריות', 'כולל אחריות', 7, true), column: 2 },
  { ...checkbox('invoice', 'ניתן לקבל חשבונית', 'חשבונית', 8, true), column: 2 },
];

/**
 * The product step: category path (column 1), the product's details (column 2), price and description
 * (column 3). `area`: personal_publish_product_details (plain) or _properties (default, baby and child).
 * No back button: for most users it is the first step after the picker (the search step is an A/B test).
 * A stock (40) and industrial equipment (56) have their own labels (secondHandSections.ts).
 */
export function productStep(options: { area: string; title: string; path: PathOptions }): StepDef {
  return {
    area: options.area,
    title: options.title,
    stepGroup: 'fillDetails',
    check: true,
    showNavButtons: true,
    showBackButton: false,
    columnTitles: [
      { column: 1, title: 'קטגוריית המוצר' },
      { column: 2, title: 'פרטי המוצר' },
      { column: 3, title: 'מחיר ותיאור' },
    ],
    accordionBrief: { separator: ' · ' },
    fields: [
      ...categoryPathFields(options.path),
      titleField('לדוגמה: ספה תלת מושבית בצבע אפור', { column: 2, priority: 1 }),
      conditionField({ column: 2, priority: 2 }),
      quantityField(['salesCatID'], { column: 2, priority: 3 }),
      brandField('יצרן / מותג', { column: 2, priority: 4 }),
      areaField({
        column: 2,
        priority: 5,
        showcond: { kind: 'field', field: 'salesSubCatID', op: '!=', values: [NO_AREA_SUB_CAT] },
      }),
      deliveryField({ column: 2, priority: 6 }),
      ...traderFields(),
      forFreeField({ column: 3, priority: 1 }),
      salePriceField({ column: 3, priority: 2 }),
      totalPriceField({ column: 3, priority: 3 }),
      nominalPriceField({
        column: 3,
        priority: 4,
        showcond: { kind: 'field', field: 'salesSubCatID', op: '!=', values: NO_NOMINAL_PRICE_SUB_CATS },
      }),
      productDescription(DESCRIPTION_HINT, { column: 3, priority: 5 }),
    ].map(withSectionTexts),
  };
}

/**
 * Edit mode keeps what the product is: the sub-category and the category path (with the free-text search that
 * finds it, where the flow has one). Its details, price and description are the owner's to change.
 */
export const PRODUCT_LOCKED = ['subcat', 'salesCatID', 'salesSubCatID', 'salesSubCat3ID'];
export const PRODUCT_WITH_SEARCH_LOCKED = [...PRODUCT_LOCKED, 'productSearch'];

/** The product step's edit variant: the spec's "sales properties". */
export const PRODUCT_EDIT_NAMES = {
  personal_publish_product_properties: SALES_PROPERTIES_EDIT,
  personal_publish_product_details: SALES_PROPERTIES_EDIT,
};
