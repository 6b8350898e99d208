/**
 * Second-hand product catalogues (cat 3, publish-wizard.md §2):
 * - default, private (subcat 0; SalesCatID 0 or absent, or any product SalesCatID that no other catalogue
 *   claims): sub-category, the free-text category search (A/B test), product properties, media, login, plan;
 * - baby and child (SalesCatID 11, subcat 0 or 2): the same with the category fixed to לתינוק ולילד;
 * - plain, business (subcat 2, SalesCatID 0): sub-category, product details, media, login, plan.
 * Each edits its sale properties, then the edit login. The first step is 0.
 * Fashion (18) and business for sale (37) have their own catalogues (fashion.ts, businessForSale.ts).
 */
import { type CategoryCatalog, MODEL_VERSION } from '@app/form-engine/model';
import { BABY_SALES_CAT } from '../products/tree.ts';
import { withEditSteps } from './editing.ts';
import { mediaStep } from './media.ts';
import {
  freeSearchStep,
  PRODUCT_EDIT_NAMES,
  PRODUCT_LOCKED,
  PRODUCT_WITH_SEARCH_LOCKED,
  productStep,
  secondHandCategoryStep,
  subcatField,
} from './secondHandSteps.ts';
import { loginStep, planStep } from './vehiclesSteps.ts';

const PRIVATE = 0;
const BUSINESS = 2;

const closing = () => [mediaStep({ images: 10, title: 'תמונות המוצר' }), loginStep(), planStep()];

export const SECOND_HAND_CATALOG: CategoryCatalog = withEditSteps(
  {
    version: MODEL_VERSION,
    id: 'second-hand',
    cat: 3,
    subcats: [PRIVATE],
    firstStep: 0,
    steps: [
      secondHandCategoryStep(subcatField()),
      freeSearchStep({ subcat: PRIVATE }),
      productStep({
        area: 'personal_publish_product_properties',
        title: 'פרטי המוצר',
        path: { subcat: PRIVATE, withSearch: true },
      }),
      ...closing(),
    ],
    editLocked: PRODUCT_WITH_SEARCH_LOCKED,
  },
  { names: PRODUCT_EDIT_NAMES },
);

export const SECOND_HAND_BABY_CATALOG: CategoryCatalog = withEditSteps(
  {
    version: MODEL_VERSION,
    id: 'second-hand-baby',
    cat: 3,
    subcats: [PRIVATE, BUSINESS],
    SalesCatIDs: [BABY_SALES_CAT],
    firstStep: 0,
    steps: [
      secondHandCategoryStep(subcatField(), 'לתינוק ולילד'),
      freeSearchStep({ scope: BABY_SALES_CAT, subcat: PRIVATE }),
      productStep({
        area: 'personal_publish_product_properties',
        title: 'פרטי המוצר לתינוק ולילד',
        path: { only: BABY_SALES_CAT, subcat: PRIVATE, withSearch: true },
      }),
      ...closing(),
    ],
    editLocked: PRODUCT_WITH_SEARCH_LOCKED,
  },
  { names: PRODUCT_EDIT_NAMES },
);

export const SECOND_HAND_PLAIN_CATALOG: CategoryCatalog = withEditSteps(
  {
    version: MODEL_VERSION,
    id: 'second-hand-business',
    cat: 3,
    subcats: [BUSINESS],
    firstStep: 0,
    steps: [
      secondHandCategoryStep(subcatField()),
      productStep({
        area: 'personal_publish_product_details',
        title: 'פרטי המוצר',
        path: { subcat: BUSINESS, withSearch: false },
      }),
      ...closing(),
    ],
    editLocked: PRODUCT_LOCKED,
  },
  { names: PRODUCT_EDIT_NAMES },
);

export const SECOND_HAND_CATALOGS: readonly CategoryCatalog[] = [
  SECOND_HAND_CATALOG,
  SECOND_HAND_BABY_CATALOG,
  SECOND_HAND_PLAIN_CATALOG,
];
