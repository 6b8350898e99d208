/**
 * Household workers (cat 14): one catalogue per choice of the picker — publish a nanny (1), search for a
 * nanny (2), publish a house assistant (3), search for an assistant (4). Steps: the choice (step 0),
 * properties, more properties, media with video, login, and no plan step. Edit: media (up to 3 photos),
 * then the edit login.
 */
import { type CategoryCatalog, type FieldDef, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { PICKERS } from '../pickers.ts';
import { withEditSteps } from './editing.ts';
import {
  ageInput,
  areaSelect,
  CHILD_AGES,
  choices,
  DAYS,
  EXPERIENCE,
  HOME_SIZES,
  hourlyRate,
  JOB_TYPES,
  kidsCount,
  LANGUAGES,
  SERVICES,
  select,
  startDate,
  workerDescription,
} from './householdWorkersFields.ts';
import { EDIT_PHOTO_CAP, mediaStep } from './media.ts';
import { loginStep } from './vehiclesSteps.ts';

const picker = PICKERS.find((p) => p.id === 'householdWorkers');

interface Choice {
  subcat: number;
  key: string;
  worker: 'nanny' | 'assistant';
  offer: boolean;
  title: string;
  moreTitle: string;
  features: readonly string[];
  hint: string;
}

/**
 * A search is a job ad: the notification on its description (publish-wizard.md §4 "A field with a notification
 * text shows it as an error"), before the family writes it.
 */
export const JOB_AD_NOTICE = 'שימו לב: אין לכלול במודעת דרושים דרישה לגיל, מין, דת, מוצא או מצב משפחתי';

const OFFER_FEATURES = ['רישיון נהיגה', 'רכב צמוד', 'קורס עזרה ראשונה', 'ממליצים', 'לא מעשנ/ת', 'מסתדר/ת עם בעלי חיים'];
const SEARCH_FEATURES = ['יש בעלי חיים בבית', 'נדרש רישיון נהיגה', 'נדרשים ממליצים', 'בית ללא עישון'];

const CHOICES: readonly Choice[] = [
  {
    subcat: 1,
    key: 'nanny',
    worker: 'nanny',
    offer: true,
    title: 'ספרו על עצמך כמטפל/ת',
    moreTitle: 'עוד על הניסיון שלך',
    features: [...OFFER_FEATURES, 'קורס מטפלות מוסמך', 'ניסיון עם תאומים'],
    hint: 'ספרו על הניסיון שלכם עם ילדים, מה אתם אוהבים לעשות איתם ומה חשוב לכם',
  },
  {
    subcat: 2,
    key: 'nanny-search',
    worker: 'nanny',
    offer: false,
    title: 'איזו מטפלת אתם מחפשים?',
    moreTitle: 'עוד על המשפחה',
    features: [...SEARCH_FEATURES, 'נדרש ניסיון עם תינוקות'],
    hint: 'ספרו על המשפחה, על הילדים ועל מה שחשוב לכם במטפל/ת',
  },
  {
    subcat: 3,
    key: 'assistant',
    worker: 'assistant',
    offer: true,
    title: 'ספרו על עצמך כעוזר/ת בית',
    moreTitle: 'עוד על הניסיון שלך',
    features: [...OFFER_FEATURES, 'מביא/ה חומרי ניקוי'],
    hint: 'ספרו על הניסיון שלכם ועל סוגי הבתים שעבדתם בהם',
  },
  {
    subcat: 4,
    key: 'assistant-search',
    worker: 'assistant',
    offer: false,
    title: 'איזו עזרה בבית אתם מחפשים?',
    moreTitle: 'עוד על הבית',
    features: [...SEARCH_FEATURES, 'חומרי ניקוי במקום'],
    hint: 'ספרו על הבית ועל מה שחשוב לכם בעוזר/ת הבית',
  },
];

const categoryStep = (): StepDef => ({
  area: 'personal_publish_category',
  title: picker?.label ?? 'מה תרצו לפרסם?',
  closeTitle: picker?.title ?? 'עובדי משק בית',
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  accordionBrief: { prefix: 'עובדי משק בית · ' },
  fields: [
    {
      id: 'subcat',
      type: 'radio',
      label: 'מה תרצו לפרסם?',
      isRequired: true,
      options: (picker?.entries ?? []).map((e) => ({ value: e.params.subcat ?? '', text: e.title })),
      accordionBrief: {},
    },
  ],
});

/** The job: who and what (nanny: children's ages; assistant: services), when and where. */
function propertiesFields(choice: Choice): FieldDef[] {
  const nanny = choice.worker === 'nanny';
  const who: FieldDef[] = choice.offer
    ? [ageInput({ priority: 1 }), select('experience', 'ניסיון', EXPERIENCE, { isRequired: true, priority: 2 })]
    : nanny
      ? [kidsCount({ priority: 1 })]
      : [select('homeSize', 'גודל הבית', HOME_SIZES, { isRequired: true, priority: 1, accordionBrief: {} })];
  const what = nanny
    ? choices('childAges', choice.offer ? 'גילאי ילדים שאני מטפל/ת בהם' : 'גילאי הילדים', CHILD_AGES, {
        isRequired: true,
        priority: 3,
      })
    : choices('services', choice.offer ? 'מה אני עושה' : 'מה צריך לעשות', SERVICES, { isRequired: true, priority: 3 });
  return [
    ...who,
    what,
    choices('jobType', 'היקף משרה', JOB_TYPES, { isRequired: true, priority: 4 }),
    choices('days', 'ימי עבודה', DAYS, { priority: 5 }),
    ...(choice.offer ? [] : [startDate({ isRequired: true, priority: 6 })]),
    areaSelect({ priority: 7 }),
    hourlyRate(choice.offer ? 'שכר מבוקש לשעה' : 'שכר מוצע לשעה', choice.offer, { priority: 8 }),
  ];
}

const propertiesStep = (choice: Choice): StepDef => ({
  area: 'personal_publish_nanny_properties',
  title: choice.title,
  closeTitle: 'פרטי המשרה',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  accordionBrief: { separator: ' · ' },
  fields: propertiesFields(choice),
});

const morePropertiesStep = (choice: Choice): StepDef => ({
  area: 'personal_publish_nanny_more_properties',
  title: choice.moreTitle,
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
  fields: [
    ...(choice.offer ? [choices('languages', 'שפות', LANGUAGES, { priority: 1 })] : []),
    {
      ...choices(
        'features',
        'מאפיינים נוספים',
        choice.features.map((text, i) => [i + 1, text] as const),
      ),
      priority: 2,
    },
    workerDescription(choice.hint, { priority: 3, ...(choice.offer ? {} : { notification: JOB_AD_NOTICE }) }),
  ],
});

const householdCatalog = (choice: Choice): CategoryCatalog =>
  withEditSteps(
    {
      version: MODEL_VERSION,
      id: `household-workers-${choice.key}`,
      cat: 14,
      subcats: [choice.subcat],
      firstStep: 1,
      steps: [
        categoryStep(),
        propertiesStep(choice),
        morePropertiesStep(choice),
        mediaStep({ images: 10, video: true }),
        loginStep(),
      ],
      // Who publishes for what (a nanny or an assistant, offering or searching) stays as published.
      editLocked: ['subcat'],
    },
    // Spec §2: the edit's media step takes up to 3 photos.
    { photos: EDIT_PHOTO_CAP },
  );

export const HOUSEHOLD_WORKER_CATALOGS: readonly CategoryCatalog[] = CHOICES.map(householdCatalog);
