/**
 * Studies and teachers (cat 6; sub-categories: private lessons 1, courses and workshops 2, children's clubs
 * 3): sub-category (step 0, the picker), the teacher's field of study, media (one teacher photo), login,
 * plan; the first step is 0. Edit: the teacher's details, then the edit login.
 */
import {
  type CategoryCatalog,
  type Condition,
  type FieldDef,
  MODEL_VERSION,
  type StepDef,
} from '@app/form-engine/model';
import { PICKERS } from '../pickers.ts';
import { LESSON_LENGTHS, LESSON_PLACES, STUDY_LEVELS, SUBJECT_GROUPS, TEACHER_EDUCATION } from '../studies/subjects.ts';
import { withEditSteps } from './editing.ts';
import { mediaStep } from './media.ts';
import { AREA_ENTRIES } from './secondHandFields.ts';
import { staticSelect } from './vehiclesFields.ts';
import { loginStep, planStep } from './vehiclesSteps.ts';

type Entries = readonly (readonly [number, string])[];

const choices = (id: string, label: string, entries: Entries, extra: Partial<FieldDef> = {}): FieldDef => ({
  ...staticSelect(id, label, entries),
  type: 'multipleRadios',
  multiple: true,
  ...extra,
});

const PRICE_UNITS: Entries = [
  [1, 'לשיעור'],
  [2, 'לקורס'],
  [3, 'לחודש'],
];
/** Courses and children's clubs have meetings and a start date. */
const courseOrClub = (): Condition => ({ kind: 'field', field: 'subcat', values: ['2', '3'] });

const picker = PICKERS.find((p) => p.id === 'studies');
/** The picker's sub-categories as [value, title]. */
const BOARDS = (picker?.entries ?? []).map((e) => [Number(e.params.subcat), e.title] as const);

const categoryStep = (): StepDef => ({
  area: 'personal_publish_category',
  title: picker?.label ?? 'מה תרצו לפרסם בלימודים?',
  closeTitle: picker?.title ?? 'לימודים ומורים',
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  accordionBrief: { prefix: 'לימודים ומורים · ' },
  fields: [staticSelect('subcat', 'סוג המודעה', BOARDS, { type: 'radio', isRequired: true, accordionBrief: {} })],
});

const subjectField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'subject',
  type: 'select',
  label: 'תחום הלימוד',
  placeholder: 'בחירה',
  isRequired: true,
  options: SUBJECT_GROUPS.flatMap(({ group, subjects }) =>
    subjects.map(([value, text]) => ({ value: String(value), text, attrs: { group } })),
  ),
  accordionBrief: {},
  ...extra,
});

const price = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'price',
  type: 'number',
  label: 'מחיר',
  placeholder: 'סכום בש"ח',
  isNumeric: true,
  isRequired: true,
  maxlength: 6,
  accordionBrief: { postfix: ' ₪' },
  ...extra,
});

const description = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'description',
  type: 'textarea',
  label: 'על המורה והשיעורים',
  placeholder: 'ספרו על הניסיון שלכם, שיטת ההוראה והישגי התלמידים',
  isRequired: true,
  minlength: 20,
  maxlength: 1000,
  charsCounter: true,
  qualityBar: true,
  ...extra,
});

const studyFieldStep = (): StepDef => ({
  area: 'personal_publish_study_field',
  title: 'מה אתם מלמדים?',
  closeTitle: 'תחום הלימוד',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  columnTitles: [
    { column: 1, title: 'תחום ורמה' },
    { column: 2, title: 'איפה, כמה ומי מלמד' },
  ],
  accordionBrief: { separator: ' · ' },
  fields: [
    subjectField({ column: 1, priority: 1 }),
    choices('levels', 'רמות לימוד', STUDY_LEVELS, { isRequired: true, column: 1, priority: 2 }),
    choices('lessonPlaces', 'איפה מתקיימים השיעורים', LESSON_PLACES, { isRequired: true, column: 1, priority: 3 }),
    staticSelect('area', 'אזור', AREA_ENTRIES, { isRequired: true, column: 2, priority: 1 }),
    price({ column: 2, priority: 2 }),
    staticSelect('priceUnit', 'המחיר הוא', PRICE_UNITS, { isRequired: true, column: 2, priority: 3 }),
    staticSelect('lessonLength', 'משך שיעור', LESSON_LENGTHS, { column: 2, priority: 4 }),
    {
      id: 'meetings',
      type: 'number',
      label: 'מספר מפגשים',
      isNumeric: true,
      noFormat: true,
      maxlength: 3,
      showcond: courseOrClub(),
      column: 2,
      priority: 5,
    },
    {
      id: 'startDate',
      type: 'date',
      label: 'מועד פתיחה',
      placeholder: 'DD/MM/YYYY',
      format: 'DD/MM/YYYY',
      showcond: courseOrClub(),
      column: 2,
      priority: 6,
    },
    staticSelect('education', 'השכלה', TEACHER_EDUCATION, { column: 2, priority: 7 }),
    {
      id: 'experienceYears',
      type: 'number',
      label: 'שנות ניסיון בהוראה',
      isNumeric: true,
      noFormat: true,
      maxlength: 2,
      column: 2,
      priority: 8,
    },
    description({ column: 2, priority: 9 }),
  ],
});

export const STUDIES_CATALOG: CategoryCatalog = withEditSteps(
  {
    version: MODEL_VERSION,
    id: 'studies',
    cat: 6,
    subcats: BOARDS.map(([subcat]) => subcat),
    firstStep: 0,
    steps: [
      categoryStep(),
      studyFieldStep(),
      mediaStep({
        images: 1,
        centerPoint: true,
        title: 'תמונת המורה',
        subTitle: 'תמונה אחת, הפנים במרכז',
        label: 'תמונת המורה',
      }),
      loginStep(),
      planStep(),
    ],
    // What the teacher teaches (the board and the subject) stays as published.
    editLocked: ['subcat', 'subject'],
  },
  { names: { personal_publish_study_field: { area: 'personal_edit_teacher_details', title: 'פרטי המורה' } } },
);
