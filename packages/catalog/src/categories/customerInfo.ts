/**
 * Customer info (cat 100): the advertiser's details (business name, field, area, website, hours, about).
 * No sub-category, so the category alone selects it. Edit: media (up to 3 photos), then the edit login.
 */
import { type CategoryCatalog, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { withEditSteps } from './editing.ts';
import { editMediaStep } from './media.ts';
import { AREA_ENTRIES } from './secondHandFields.ts';
import { staticSelect } from './vehiclesFields.ts';

const FIELDS_OF_BUSINESS = [
  [1, 'שיפוצים ובנייה'],
  [2, 'חשמל ואינסטלציה'],
  [3, 'הובלות'],
  [4, 'ניקיון'],
  [5, 'גינון'],
  [6, 'עריכת דין'],
  [7, 'ראיית חשבון'],
  [8, 'ביטוח ופיננסים'],
  [9, 'תיווך'],
  [10, 'רכב ומוסכים'],
  [11, 'מחשבים וטכנולוגיה'],
  [12, 'יופי וטיפוח'],
  [13, 'אירועים וצילום'],
  [14, 'חינוך והוראה'],
  [15, 'מזון והסעדה'],
  [16, 'מסחר'],
  [99, 'אחר'],
] as const;

/** Step 0: nothing to choose (the category is the whole selection); the page shows the category. */
const categoryStep = (): StepDef => ({
  area: 'personal_publish_category',
  title: 'פרטי לקוח',
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  fields: [],
});

const detailsStep = (): StepDef => ({
  area: 'personal_publish_customer_info',
  title: 'הפרטים שלכם',
  subTitle: 'כך יכירו אתכם מי שיפנו אליכם בעקבות המודעות',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  accordionBrief: { separator: ' · ' },
  fields: [
    {
      id: 'businessName',
      type: 'text',
      label: 'שם העסק או השם לתצוגה',
      isRequired: true,
      minlength: 2,
      maxlength: 60,
      priority: 1,
      accordionBrief: {},
    },
    staticSelect('businessField', 'תחום העיסוק', FIELDS_OF_BUSINESS, { priority: 2, accordionBrief: {} }),
    staticSelect('area', 'אזור פעילות', AREA_ENTRIES, { isRequired: true, priority: 3 }),
    {
      id: 'website',
      type: 'text',
      label: 'אתר אינטרנט',
      placeholder: 'https://',
      dir: 'ltr',
      maxlength: 120,
      regex: '^https?://[^\\s/$.?#][^\\s]*\\.[^\\s]{2,}$',
      regexErrorMessage: 'יש להזין כתובת אתר מלאה, לדוגמה https://www.example.co.il',
      priority: 4,
    },
    {
      id: 'openingHours',
      type: 'text',
      label: 'שעות פעילות',
      placeholder: 'לדוגמה: א׳–ה׳ 9:00–18:00',
      maxlength: 80,
      priority: 5,
    },
    {
      id: 'about',
      type: 'textarea',
      label: 'קצת עליכם',
      placeholder: 'ספרו במה אתם עוסקים, כמה שנים ומה מייחד אתכם',
      isRequired: true,
      minlength: 20,
      maxlength: 800,
      charsCounter: true,
      qualityBar: true,
      priority: 6,
    },
  ],
});

export const CUSTOMER_INFO_CATALOG: CategoryCatalog = withEditSteps(
  {
    version: MODEL_VERSION,
    id: 'customer-info',
    cat: 100,
    subcats: [],
    firstStep: 1,
    steps: [categoryStep(), detailsStep()],
    editLocked: [],
  },
  // Spec §2: edit mode has media upload (up to 3 photos), which publishing does not.
  { media: editMediaStep() },
);
