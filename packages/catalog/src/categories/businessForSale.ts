/**
 * Business for sale (cat 3, SalesCatID 37; subcat 2, or 0): sub-category (step 0), business type, media,
 * login (business wording), plan; the first step is 0. Edit: the business's sale properties, then the edit
 * login. Who may publish (a second-hand business trader only) is the server's rule (spec §6).
 */
import { type CategoryCatalog, type FieldDef, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { BUSINESS_FOR_SALE_SALES_CAT } from '../tracksData.ts';
import { SALES_PROPERTIES_EDIT, withEditSteps } from './editing.ts';
import { mediaStep } from './media.ts';
import { AREA_ENTRIES } from './secondHandFields.ts';
import { secondHandCategoryStep, subcatField } from './secondHandSteps.ts';
import { staticSelect } from './vehiclesFields.ts';
import { loginStep, planStep } from './vehiclesSteps.ts';

export { BUSINESS_FOR_SALE_SALES_CAT };

const BUSINESS_TYPES = [
  [1, 'מסעדה'],
  [2, 'בית קפה'],
  [3, 'בר או פאב'],
  [4, 'פיצרייה או מזון מהיר'],
  [5, 'מאפייה וקונדיטוריה'],
  [6, 'מכולת או מינימרקט'],
  [7, 'קיוסק'],
  [8, 'חנות בגדים והנעלה'],
  [9, 'חנות פרחים'],
  [10, 'מספרה'],
  [11, 'מכון יופי וקוסמטיקה'],
  [12, 'סטודיו או מכון כושר'],
  [13, 'גן ילדים או מעון'],
  [14, 'מוסך'],
  [15, 'מכבסה'],
  [16, 'חנות סלולר ומחשבים'],
  [17, 'משרד או עסק שירותים'],
  [18, 'עסק אונליין'],
  [19, 'מפעל או בית מלאכה'],
  [20, 'זכיינות'],
  [99, 'אחר'],
] as const;

const INCLUDED = [
  [1, 'ציוד'],
  [2, 'מלאי'],
  [3, 'מוניטין ושם מסחרי'],
  [4, 'רישיון עסק'],
  [5, 'זכויות שכירות (דמי מפתח)'],
  [6, 'אתר ורשתות חברתיות'],
  [7, 'רשימת לקוחות'],
] as const;

const SALE_REASONS = [
  [1, 'פרישה'],
  [2, 'מעבר דירה'],
  [3, 'התמקדות בעסק אחר'],
  [4, 'סיבות אישיות'],
  [99, 'אחר'],
] as const;

const amount = (id: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  type: 'number',
  label,
  placeholder: 'סכום בש"ח',
  isNumeric: true,
  maxlength: 9,
  accordionBrief: { prefix: `${label}: `, postfix: ' ₪' },
  ...extra,
});

const count = (id: string, label: string, maxlength: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  type: 'number',
  label,
  isNumeric: true,
  noFormat: true,
  maxlength,
  ...extra,
});

const includedField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  ...staticSelect('included', 'מה כלול במכירה', INCLUDED),
  type: 'multipleRadios',
  multiple: true,
  ...extra,
});

const description = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'description',
  type: 'textarea',
  label: 'תיאור העסק',
  placeholder: 'ספרו על העסק: מיקום, קהל לקוחות, שעות פעילות, פוטנציאל לצמיחה',
  isRequired: true,
  minlength: 20,
  maxlength: 2000,
  charsCounter: true,
  qualityBar: true,
  ...extra,
});

const businessTypeStep = (): StepDef => ({
  area: 'personal_publish_business_type',
  title: 'איזה עסק אתם מוכרים?',
  closeTitle: 'פרטי העסק',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  columnTitles: [
    { column: 1, title: 'העסק' },
    { column: 2, title: 'נתונים כספיים ותיאור' },
  ],
  accordionBrief: { separator: ' · ' },
  fields: [
    staticSelect('businessType', 'סוג העסק', BUSINESS_TYPES, {
      isRequired: true,
      column: 1,
      priority: 1,
      accordionBrief: {},
    }),
    staticSelect('area', 'אזור', AREA_ENTRIES, { isRequired: true, column: 1, priority: 2, accordionBrief: {} }),
    { id: 'city', type: 'text', label: 'יישוב', isRequired: true, maxlength: 40, column: 1, priority: 3 },
    count('squareMeter', 'שטח העסק (מ"ר)', 5, { column: 1, priority: 4, accordionBrief: { postfix: ' מ"ר' } }),
    count('yearsActive', 'שנות פעילות', 3, { column: 1, priority: 5 }),
    count('employees', 'מספר עובדים', 4, { column: 1, priority: 6 }),
    amount('price', 'מחיר מבוקש', { isRequired: true, column: 2, priority: 1, accordionBrief: { postfix: ' ₪' } }),
    amount('monthlyRevenue', 'מחזור חודשי ממוצע', { column: 2, priority: 2 }),
    amount('monthlyRent', 'שכר דירה חודשי', { column: 2, priority: 3 }),
    includedField({ column: 2, priority: 4 }),
    staticSelect('saleReason', 'סיבת המכירה', SALE_REASONS, { column: 2, priority: 5 }),
    description({ column: 2, priority: 6 }),
  ],
});

export const BUSINESS_FOR_SALE_CATALOG: CategoryCatalog = withEditSteps(
  {
    version: MODEL_VERSION,
    id: 'business-for-sale',
    cat: 3,
    subcats: [0, 2],
    SalesCatIDs: [BUSINESS_FOR_SALE_SALES_CAT],
    firstStep: 0,
    steps: [
      secondHandCategoryStep(subcatField(), 'עסקים למכירה'),
      businessTypeStep(),
      mediaStep({ images: 10, title: 'תמונות העסק' }),
      { ...loginStep(), subTitle: 'אלה פרטי העסק ליצירת קשר שיוצגו במודעה' },
      planStep(),
    ],
    // The business on sale stays the kind of business it was published as.
    editLocked: ['subcat', 'businessType'],
  },
  { names: { personal_publish_business_type: { ...SALES_PROPERTIES_EDIT, title: 'פרטי העסק' } } },
);
