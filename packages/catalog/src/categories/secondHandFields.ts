/**
 * Second-hand product fields (cat 3): the product category path (salesCatID → salesSubCatID →
 * salesSubCat3ID over the product tree), the free-text category search that fills it, and the product's
 * details: condition (6727, always required), quantity (807, back to its default when the category
 * changes), delivery method (110137), area, price and description. Builders return fresh objects.
 */
import type { FieldDef, Option, RedirectTarget } from '@app/form-engine/model';
import { ISRAEL_AREAS } from '../areas/israelAreas.ts';
import { FASHION_SALES_CAT, PRODUCT_PATHS, PRODUCT_TREE, STOCK_SALES_CAT } from '../products/tree.ts';
import { SECOND_HAND_LISTS, secondHandListUrl } from './secondHandLists.ts';
import { staticSelect } from './vehiclesFields.ts';

/** The free search field (A/B step) whose choice fills the category path. */
export const SEARCH_FIELD = 'productSearch';
/** Sub-category whose ads have no area (spec §5: for salesSubCatID 298 the area is not sent). */
export const NO_AREA_SUB_CAT = '298';
/** Sub-categories whose nominal price is dropped (spec §5: SalesCatID 5 + 29, SalesCatID 6 + 34 or 800). */
export const NO_NOMINAL_PRICE_SUB_CATS = ['29', '34', '800'];

export const FASHION_SECTION = 'אופנה וטיפוח';

/** Where a choice of fashion sends the ad (its own wizard); `sub` = a fashion SalesSubCatID. */
export const fashionTarget = (subcat: number, sub?: number): RedirectTarget => ({
  cat: 3,
  subcat,
  SalesCatID: FASHION_SALES_CAT,
  ...(sub === undefined ? {} : { SalesSubCatID: sub }),
  section: FASHION_SECTION,
});

/** Sub-categories that have a third level (the third select shows only for them). */
const WITH_THIRD_LEVEL = PRODUCT_PATHS.filter((p) => p.level === 2 && p.node.children.length > 0).map((p) =>
  String(p.node.id),
);

/** The search field's value (a node id) → the value each level of the path takes ('-1' below the node). */
function pathMaps(scope?: number): [Record<string, string>, Record<string, string>, Record<string, string>] {
  const maps: [Record<string, string>, Record<string, string>, Record<string, string>] = [{}, {}, {}];
  for (const path of PRODUCT_PATHS) {
    if (scope !== undefined && path.ids[0] !== scope) continue;
    maps.forEach((map, level) => {
      map[String(path.node.id)] = String(path.ids[level] ?? '-1');
    });
  }
  return maps;
}

export interface PathOptions {
  /** Only this top category (baby and child: 11). */
  only?: number;
  /** The flow's subcat, kept when a fashion choice moves the ad to the fashion wizard. */
  subcat: number;
  /** Filled from the free search field when the catalogue has it. */
  withSearch: boolean;
}

const pathSelect = (id: string, label: string, priority: number, extra: Partial<FieldDef>): FieldDef => ({
  id,
  type: 'select',
  label,
  placeholder: 'בחירה',
  isRequired: true,
  column: 1,
  priority,
  accordionBrief: {},
  ...extra,
});

/** salesCatID, salesSubCatID, salesSubCat3ID: the product's category path. */
export function categoryPathFields(options: PathOptions): FieldDef[] {
  const tops = PRODUCT_TREE.filter((top) => options.only === undefined || top.id === options.only);
  const topOptions: Option[] = tops.map((top) => ({
    value: String(top.id),
    text: top.name,
    ...(top.id === FASHION_SALES_CAT ? { redirectTo: fashionTarget(options.subcat) } : {}),
  }));
  const [topMap, subMap, thirdMap] = pathMaps(options.only);
  const fill = (map: Record<string, string>) =>
    options.withSearch ? { changeByOtherField: { field: SEARCH_FIELD, map } } : {};
  return [
    pathSelect('salesCatID', 'קטגוריה', 1, { options: topOptions, ...fill(topMap) }),
    pathSelect('salesSubCatID', 'תת קטגוריה', 2, {
      dataUrl: secondHandListUrl(SECOND_HAND_LISTS.subCategories),
      dependence: ['salesCatID'],
      ...fill(subMap),
    }),
    pathSelect('salesSubCat3ID', 'סוג המוצר', 3, {
      dataUrl: secondHandListUrl(SECOND_HAND_LISTS.thirdLevels),
      dependence: ['salesSubCatID'],
      showcond: { kind: 'field', field: 'salesSubCatID', values: WITH_THIRD_LEVEL },
      ...fill(thirdMap),
    }),
  ];
}

/** The free-text category search; choosing a fashion category moves the ad to the fashion wizard. */
export function productSearchField(options: { scope?: number; subcat: number }): FieldDef {
  const fashionSubs = PRODUCT_PATHS.filter((p) => p.level === 2 && p.ids[0] === FASHION_SALES_CAT);
  const watchers =
    options.scope === undefined
      ? [
          { values: [String(FASHION_SALES_CAT)], to: fashionTarget(options.subcat) },
          ...fashionSubs.map((sub) => ({
            values: [sub.node.id, ...sub.node.children.map((c) => c.id)].map(String),
            to: fashionTarget(options.subcat, sub.node.id),
          })),
        ]
      : [];
  return {
    id: SEARCH_FIELD,
    type: 'autocomplete',
    label: 'מה אתם מוכרים?',
    placeholder: 'לדוגמה: ספה תלת מושבית, עגלת תאומים, אייפון 13',
    dataUrl: secondHandListUrl(options.scope === undefined ? SECOND_HAND_LISTS.search : SECOND_HAND_LISTS.babySearch),
    autoCompletePreferenceObject: { minCharacters: 2 },
    tooltip: { after: 'מספיק להקליד 4 אותיות ונציע את הקטגוריה המתאימה' },
    maxlength: 60,
    ...(watchers.length ? { redirectOnChange: watchers } : {}),
  };
}

export const CONDITIONS: readonly (readonly [number, string])[] = [
  [1, 'חדש באריזה'],
  [2, 'כמו חדש'],
  [3, 'במצב טוב'],
  [4, 'במצב סביר'],
  [5, 'דרוש תיקון'],
];

/** 6727: the product's condition, required in every second-hand flow (spec §3 "forced required"). */
export const conditionField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: '6727',
  type: 'radio',
  label: 'מצב המוצר',
  isRequired: true,
  options: CONDITIONS.map(([value, text]) => ({ value: String(value), text })),
  accordionBrief: {},
  ...extra,
});

export const DELIVERY_METHODS: readonly (readonly [number, string])[] = [
  [1, 'איסוף עצמי'],
  [2, 'משלוח בתשלום'],
  [3, 'משלוח חינם'],
  [4, 'מסירה בתיאום במקום מוסכם'],
  [5, 'שליחה דיגיטלית'],
];

/** 110137: how the buyer gets the product (one or more). */
export const deliveryField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: '110137',
  type: 'multipleRadios',
  multiple: true,
  label: 'אופן המסירה',
  isRequired: true,
  options: DELIVERY_METHODS.map(([value, text]) => ({ value: String(value), text })),
  ...extra,
});

/** 807: how many units; back to 1 when the category changes. One error text for every wrong quantity. */
export const quantityField = (resetOn: string[] | undefined, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: '807',
  type: 'number',
  label: 'כמות',
  defaultValue: '1',
  isNumeric: true,
  isRequired: true,
  maxlength: 3,
  regex: '^[1-9][0-9]{0,2}$',
  customError: 'יש להזין כמות בין 1 ל-999',
  ...(resetOn ? { resetValueOnChange: resetOn } : {}),
  ...extra,
});

/**
 * 825: the price of all the units together (the asking price is per unit): worked out from the price and the
 * quantity (807), shown read-only and sent; the server works it out again. Shown from two units up, not for a
 * product given away, and not for a whole stock (40), whose price is already the whole lot's.
 */
export const totalPriceField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: '825',
  type: 'number',
  label: 'מחיר לכל הכמות',
  displayValue: '{value} ₪',
  dependencyResult: {
    formula: 'price * quantity',
    localKey: 'value',
    factors: [
      { id: 'price', key: 'price' },
      { id: '807', key: 'quantity', default: 1 },
    ],
  },
  showcond: {
    kind: 'group',
    conditions: [
      { kind: 'field', field: '807', op: '>', values: ['1'] },
      { kind: 'field', field: 'forFree', op: '!=', values: ['1'] },
      { kind: 'field', field: 'salesCatID', op: '!=', values: [String(STOCK_SALES_CAT)] },
    ],
  },
  accordionBrief: { prefix: 'סה"כ ', postfix: ' ₪' },
  ...extra,
});

export const titleField = (placeholder: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'title',
  type: 'text',
  label: 'כותרת המודעה',
  placeholder,
  isRequired: true,
  minlength: 3,
  maxlength: 60,
  charsCounter: true,
  accordionBrief: {},
  ...extra,
});

export const brandField = (label = 'יצרן / מותג', extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'brand',
  type: 'text',
  label,
  maxlength: 40,
  ...extra,
});

export const AREA_ENTRIES = ISRAEL_AREAS.map((a) => [a.id, a.name] as const);

export const areaField = (extra: Partial<FieldDef> = {}): FieldDef =>
  staticSelect('area', 'אזור', AREA_ENTRIES, { isRequired: true, ...extra });

export const forFreeField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'forFree',
  type: 'checkbox',
  label: 'למסירה ללא תשלום',
  acceptedValues: '0,1',
  accordionBrief: { value: 'למסירה' },
  ...extra,
});

/** The asking price (per unit): required unless the product is given away. */
export const salePriceField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'price',
  type: 'number',
  label: 'מחיר',
  placeholder: 'סכום בש"ח',
  isNumeric: true,
  isRequired: true,
  maxlength: 7,
  showcond: { kind: 'field', field: 'forFree', op: '!=', values: ['1'] },
  tooltip: { after: 'מודעה עם מחיר מקבלת יותר פניות' },
  accordionBrief: { postfix: ' ₪' },
  ...extra,
});

/** What the product cost new; not asked where it means nothing (coins, textbooks, reading books). */
export const nominalPriceField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'nominalPrice',
  type: 'number',
  label: 'מחיר המוצר כשהיה חדש',
  placeholder: 'לא חובה',
  isNumeric: true,
  maxlength: 7,
  ...extra,
});

export const productDescription = (placeholder: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'description',
  type: 'textarea',
  label: 'תיאור המוצר',
  placeholder,
  isRequired: true,
  minlength: 10,
  maxlength: 1000,
  charsCounter: true,
  qualityBar: true,
  ...extra,
});
