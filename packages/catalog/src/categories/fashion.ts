/**
 * Fashion and grooming (cat 3, SalesCatID 18): one catalogue per SalesSubCatID of the fashion picker
 * (clothes 1026, sport 1036, shoes 1030, bags 1033, accessories 1034, hats and wigs 1031, beauty 1035,
 * costumes 1032, socks 1042, wedding 1055, other 151). Steps: choose what to publish (step 0, the picker),
 * product details in two columns (what is special, tell about the product), media, login, plan. Edit: sale
 * properties, then the edit login. Without a SalesSubCatID no catalogue serves the selection.
 */
import { type CategoryCatalog, type FieldDef, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { PICKERS } from '../pickers.ts';
import { FASHION_SALES_CAT } from '../products/tree.ts';
import { SALES_PROPERTIES_EDIT, withEditSteps } from './editing.ts';
import { FASHION_KINDS, type FashionKind, fashionDetailFields, itemTypeField } from './fashionFields.ts';
import { mediaStep } from './media.ts';
import {
  areaField,
  brandField,
  conditionField,
  deliveryField,
  forFreeField,
  nominalPriceField,
  productDescription,
  salePriceField,
  titleField,
} from './secondHandFields.ts';
import { loginStep, planStep } from './vehiclesSteps.ts';

const fashionPicker = PICKERS.find((picker) => picker.id === 'fashion');

const categoryStep = (): StepDef => ({
  area: 'personal_publish_category',
  title: fashionPicker?.label ?? 'מה תרצו לפרסם?',
  closeTitle: fashionPicker?.title ?? 'אופנה וטיפוח',
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  accordionBrief: { prefix: 'אופנה וטיפוח · ' },
  fields: [
    {
      id: 'SalesSubCatID',
      type: 'radio',
      label: 'סוג הפריט',
      isRequired: true,
      options: (fashionPicker?.entries ?? []).map((e) => ({ value: e.params.SalesSubCatID ?? '', text: e.title })),
      accordionBrief: {},
    },
  ],
});

const DESCRIPTION_HINT = 'ספרו על הפריט: בד, גזרה, כמה פעמים נלבש, פגמים אם יש';

const tellAbout = (kind: FashionKind): FieldDef[] => [
  titleField(kind.titleHint, { column: 2, priority: 1 }),
  productDescription(DESCRIPTION_HINT, { column: 2, priority: 2 }),
  forFreeField({ column: 2, priority: 3 }),
  salePriceField({ column: 2, priority: 4 }),
  nominalPriceField({ column: 2, priority: 5, label: 'מחיר הפריט כשהיה חדש' }),
  deliveryField({ column: 2, priority: 6 }),
  areaField({ column: 2, priority: 7 }),
];

const detailsStep = (kind: FashionKind): StepDef => ({
  area: 'personal_publish_product_details',
  title: 'פרטי הפריט',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  columnTitles: [
    { column: 1, title: 'מה מיוחד בפריט?' },
    { column: 2, title: 'ספרו על הפריט' },
  ],
  accordionBrief: { separator: ' · ' },
  fields: [
    ...itemTypeField(kind),
    conditionField({ column: 1, priority: 2 }),
    ...fashionDetailFields(kind),
    brandField(kind.brandLabel, { column: 1, priority: 6 }),
    ...tellAbout(kind),
  ],
});

const media = (): StepDef => mediaStep({ images: 10, title: 'תמונות הפריט' });

const fashionCatalog = (kind: FashionKind): CategoryCatalog =>
  withEditSteps(
    {
      version: MODEL_VERSION,
      id: `fashion-${kind.key}`,
      cat: 3,
      // Any subcat: going back to the picker removes subcat and keeps SalesCatID 18 (spec §2 "Routes").
      subcats: [],
      SalesCatIDs: [FASHION_SALES_CAT],
      SalesSubCatIDs: [kind.sub],
      firstStep: 0,
      steps: [categoryStep(), detailsStep(kind), media(), loginStep(), planStep()],
      // What the item is (the fashion section and, where it has them, the item type) stays as published.
      editLocked: ['SalesSubCatID', ...itemTypeField(kind).map((f) => f.id)],
    },
    { names: { personal_publish_product_details: SALES_PROPERTIES_EDIT } },
  );

export const FASHION_CATALOGS: readonly CategoryCatalog[] = FASHION_KINDS.map(fashionCatalog);
