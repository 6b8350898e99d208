/**
 * The real-estate steps (publish-wizard.md §2, real estate): choose category; property address; home
 * properties in columns (what the property has, property features, what matters to know); payment, date and
 * other deal properties; then media, login and plan (shared with the other categories; the plan
 * step's screen comes with the save's answer). Edit: the real-estate details, then edit login.
 */
import type { FieldDef, Option, StepDef } from '@app/form-engine/model';
import { PICKERS } from '../pickers.ts';

const picker = PICKERS.find((p) => p.id === 'realEstate');

/** Sub-categories of cat 2 as the picker offers them (sale 1, rent 2, commercial 4). */
export const REAL_ESTATE_SUBCAT_OPTIONS: Option[] = (picker?.entries ?? []).map((entry) => ({
  value: entry.params.subcat ?? '',
  text: entry.title,
}));

/** Step 0, area personal_publish_category: the picker UI renders it; the caller seeds `subcat`. */
export const realEstateCategoryStep = (): StepDef => ({
  area: 'personal_publish_category',
  title: picker?.label ?? 'איזו מודעת נדל"ן תרצו לפרסם?',
  closeTitle: 'נדל"ן',
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  accordionBrief: { prefix: 'נדל"ן · ' },
  fields: [
    {
      id: 'subcat',
      type: 'radio',
      label: 'סוג המודעה',
      isRequired: true,
      options: REAL_ESTATE_SUBCAT_OPTIONS,
      accordionBrief: {},
    },
  ],
});

export const addressStep = (fields: FieldDef[]): StepDef => ({
  area: 'personal_publish_address',
  title: 'כתובת הנכס',
  subTitle: 'הכתובת עוזרת למחפשים למצוא את הנכס שלכם',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  columnTitles: [
    { column: 1, title: 'סוג הנכס' },
    { column: 2, title: 'איפה הנכס?' },
  ],
  accordionBrief: { separator: ' · ' },
  fields,
});

export const propertiesStep = (fields: FieldDef[]): StepDef => ({
  area: 'personal_publish_home_properties',
  title: 'על הנכס',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
  columnTitles: [
    { column: 1, title: 'מה יש בנכס?' },
    { column: 2, title: 'מאפייני הנכס' },
    { column: 3, title: 'מה חשוב לדעת?' },
  ],
  accordionBrief: { separator: ' · ' },
  fields,
});

export const paymentsStep = (fields: FieldDef[]): StepDef => ({
  area: 'personal_publish_sales_properties',
  title: 'תשלומים, תאריכים ועוד',
  subTitle: 'מחיר ותאריך כניסה ברורים מביאים יותר פניות',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
  columnTitles: [
    { column: 1, title: 'שטח הנכס' },
    { column: 2, title: 'מחיר ותשלומים' },
    { column: 3, title: 'מתי נכנסים?' },
  ],
  accordionBrief: { separator: ' · ' },
  fields,
});

/**
 * Edit mode keeps the property as published: which deal it is, the property type and the address. Parking too: edit
 * mode does not send a parking of 0 (spec §5), so "none" could never replace a saved number.
 */
export const REAL_ESTATE_LOCKED = ['subcat', 'HomeTypeID', 'city', 'street', 'homeNumber', 'neighborhood', 'parking'];

/** The address step's edit variant holds what is left of it once the address is locked: the floor, the condition. */
export const REAL_ESTATE_EDIT_NAMES = {
  personal_publish_address: {
    area: 'personal_edit_building',
    title: 'הקומה ומצב הנכס',
    subTitle: 'הכתובת וסוג הנכס נשארים כפי שפורסמו',
    // A few fields, each with its own label: no column titles over them.
    columnTitles: [],
  },
};
