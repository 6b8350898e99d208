/**
 * Sub-category pickers: step 0 of the wizard, area personal_publish_category (publish-wizard.md §2
 * "Sub-category pickers"). Radio-style choices shown on /publish when a cat is set and its choice is missing.
 */
import type { PublishParams } from './chooser.ts';

export type PickerId =
  | 'vehicles'
  | 'realEstate'
  | 'secondHand'
  | 'fashion'
  | 'pets'
  | 'studies'
  | 'tourism'
  | 'householdWorkers';

export interface PickerEntry {
  id: string;
  title: string;
  /** Query parameters the choice sets (step 1 is added by the caller). */
  params: PublishParams;
  /** A real page load instead of an in-app navigation (business for sale). */
  fullReload?: boolean;
}

export interface Picker {
  id: PickerId;
  cat: number;
  /** Extra query values the picker needs besides cat (fashion: SalesCatID 18). */
  when?: PublishParams;
  /** The query parameter that is missing until a choice is made. */
  selector: 'subcat' | 'SalesSubCatID' | 'petType';
  /** Category name shown as the page title and in the step brief. */
  title: string;
  /** Name of the group of choices. */
  label: string;
  entries: readonly PickerEntry[];
}

const entries = (selector: string, list: readonly (readonly [number, string])[]): PickerEntry[] =>
  list.map(([value, title]) => ({ id: `${selector}-${value}`, title, params: { [selector]: String(value) } }));

/** In match order: fashion (cat 3 with SalesCatID 18) must come before the general second-hand picker. */
export const PICKERS: readonly Picker[] = [
  {
    id: 'vehicles',
    cat: 1,
    selector: 'subcat',
    title: 'רכב',
    label: 'איזה רכב תרצו לפרסם?',
    entries: entries('subcat', [
      [1, 'פרטי'],
      [2, 'מסחרי'],
      [3, "ג'יפים"],
      [4, 'אופנועים'],
      [5, 'קטנועים'],
      [6, 'כלי רכב מיוחדים'],
      [7, 'אביזרים לרכב'],
      [9, 'משאיות'],
      [13, 'כלי שיט'],
    ]),
  },
  {
    id: 'realEstate',
    cat: 2,
    selector: 'subcat',
    title: 'נדל"ן',
    label: 'איזו מודעת נדל"ן תרצו לפרסם?',
    entries: entries('subcat', [
      [1, 'מכירה'],
      [2, 'השכרה'],
      [4, 'מסחרי'],
    ]),
  },
  {
    id: 'fashion',
    cat: 3,
    when: { SalesCatID: '18' },
    selector: 'SalesSubCatID',
    title: 'אופנה וטיפוח',
    label: 'מה תרצו לפרסם?',
    entries: entries('SalesSubCatID', [
      [1026, 'בגדים'],
      [1036, 'ספורט'],
      [1030, 'נעליים'],
      [1033, 'תיקים'],
      [1034, 'אקססוריז'],
      [1031, 'כובעים ופאות'],
      [1035, 'טיפוח ויופי'],
      [1032, 'תחפושות'],
      [1042, 'גרביים'],
      [1055, 'חתונה'],
      [151, 'אחר'],
    ]),
  },
  {
    id: 'secondHand',
    cat: 3,
    selector: 'subcat',
    title: 'יד שנייה',
    label: 'מה תרצו לפרסם ביד שנייה?',
    entries: [
      { id: 'general', title: 'כללי', params: { subcat: '0', SalesCatID: '0' } },
      { id: 'businessForSale', title: 'עסקים למכירה', params: { subcat: '2', SalesCatID: '37' }, fullReload: true },
      // A shop that sells used goods: the plain second-hand business catalogue (subcat 2), its own way in.
      { id: 'secondHandShop', title: 'חנות יד שנייה', params: { subcat: '2', SalesCatID: '0' } },
      { id: 'babyAndChild', title: 'לתינוק ולילד', params: { subcat: '0', SalesCatID: '11' } },
    ],
  },
  {
    id: 'pets',
    cat: 5,
    selector: 'petType',
    title: 'בעלי חיים',
    label: 'איזה בעל חיים תרצו לפרסם?',
    entries: entries('petType', [
      [1, 'כלבים'],
      [2, 'חתולים'],
      [3, 'דגים'],
      [5, 'תוכים'],
      [8, 'סוסים'],
      [10, 'זוחלים'],
      [13, 'מכרסמים'],
      [20, 'חמוסים'],
      [21, 'חיות משק'],
      [22, 'תרנגולות'],
    ]),
  },
  {
    id: 'studies',
    cat: 6,
    selector: 'subcat',
    title: 'לימודים ומורים',
    label: 'מה תרצו לפרסם בלימודים?',
    entries: entries('subcat', [
      [1, 'שיעורים פרטיים'],
      [2, 'קורסים וסדנאות'],
      [3, 'חוגים לילדים'],
    ]),
  },
  {
    id: 'tourism',
    cat: 10,
    selector: 'subcat',
    title: 'תיירות ונופש',
    label: 'באיזה לוח תרצו לפרסם?',
    entries: entries('subcat', [
      [1, 'צימרים ובקתות'],
      [2, 'וילות ובתי נופש'],
      [3, 'דירות נופש'],
      [4, 'מלונות ובתי הארחה'],
      [5, 'קמפינג וגלמפינג'],
    ]),
  },
  {
    id: 'householdWorkers',
    cat: 14,
    selector: 'subcat',
    title: 'עובדי משק בית',
    label: 'מה תרצו לפרסם?',
    entries: entries('subcat', [
      [1, 'פרסום מטפלת'],
      [2, 'חיפוש מטפלת'],
      [3, 'פרסום עוזרת בית'],
      [4, 'חיפוש עוזרת בית'],
    ]),
  },
];

/** Anything with URLSearchParams' `get`. */
export interface QueryReader {
  get(name: string): string | null;
}

/** The picker of the query's category (whether or not its choice is made yet). */
export function pickerForCategory(query: QueryReader): Picker | undefined {
  const cat = Number(query.get('cat'));
  return PICKERS.find(
    (p) => p.cat === cat && Object.entries(p.when ?? {}).every(([key, value]) => query.get(key) === value),
  );
}

/** Is the picker's choice missing from the query? */
export function isChoiceMissing(picker: Picker, query: QueryReader): boolean {
  const value = query.get(picker.selector);
  return value === null || value === '';
}

/** The entry whose parameters all match the query, if any. */
export function activeEntry(picker: Picker, query: QueryReader): PickerEntry | undefined {
  return picker.entries.find((e) => Object.entries(e.params).every(([key, value]) => query.get(key) === value));
}
