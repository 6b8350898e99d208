/**
 * Fashion fields (cat 3, SalesCatID 18): per SalesSubCatID the item type (the product tree's third level),
 * sizes, who it is for and colour. Pure data and builders.
 */
import type { FieldDef } from '@app/form-engine/model';
import { productPath } from '../products/tree.ts';
import { staticSelect } from './vehiclesFields.ts';

type Entries = readonly (readonly [number, string])[];

const CLOTHING_SIZES: Entries = [
  [1, 'XS'],
  [2, 'S'],
  [3, 'M'],
  [4, 'L'],
  [5, 'XL'],
  [6, 'XXL'],
  [7, '3XL ומעלה'],
  [8, 'מידה אחת'],
];
const SHOE_SIZES: Entries = Array.from({ length: 30 }, (_, i) => [19 + i, String(19 + i)] as const);
const DRESS_SIZES: Entries = Array.from({ length: 9 }, (_, i) => [34 + i * 2, String(34 + i * 2)] as const);
const COSTUME_SIZES: Entries = [
  [1, 'ילדים 2–4'],
  [2, 'ילדים 4–6'],
  [3, 'ילדים 6–8'],
  [4, 'ילדים 8–10'],
  [5, 'ילדים 10–12'],
  [6, 'נוער'],
  [7, 'מבוגרים S'],
  [8, 'מבוגרים M'],
  [9, 'מבוגרים L'],
  [10, 'מבוגרים XL'],
];
const FOR_WHOM: Entries = [
  [1, 'נשים'],
  [2, 'גברים'],
  [3, 'יוניסקס'],
  [4, 'ילדים'],
];
const COLORS: Entries = [
  [1, 'שחור'],
  [2, 'לבן'],
  [3, 'אפור'],
  [4, 'כחול'],
  [5, 'תכלת'],
  [6, 'אדום'],
  [7, 'ורוד'],
  [8, 'ירוק'],
  [9, 'צהוב'],
  [10, 'כתום'],
  [11, 'סגול'],
  [12, 'חום'],
  [13, "בז'"],
  [14, 'זהב'],
  [15, 'כסף'],
  [16, 'צבעוני'],
];

export type SizeKind = 'clothing' | 'shoes' | 'dress' | 'costume';
const SIZES: Readonly<Record<SizeKind, Entries>> = {
  clothing: CLOTHING_SIZES,
  shoes: SHOE_SIZES,
  dress: DRESS_SIZES,
  costume: COSTUME_SIZES,
};

/** What a fashion sub-category asks for. */
export interface FashionKind {
  sub: number;
  /** Stable name for the catalogue id. */
  key: string;
  sizes?: SizeKind;
  /** Only for these item types (wedding: dresses only). */
  sizesFor?: number[];
  forWhom?: boolean;
  color?: boolean;
  brandLabel: string;
  titleHint: string;
}

export const FASHION_KINDS: readonly FashionKind[] = [
  { sub: 1026, key: 'clothes', sizes: 'clothing', color: true, brandLabel: 'מותג', titleHint: 'לדוגמה: מעיל צמר ארוך' },
  {
    sub: 1036,
    key: 'sport',
    sizes: 'clothing',
    forWhom: true,
    color: true,
    brandLabel: 'מותג',
    titleHint: 'לדוגמה: טייץ ריצה',
  },
  { sub: 1030, key: 'shoes', sizes: 'shoes', color: true, brandLabel: 'מותג', titleHint: 'לדוגמה: נעלי ריצה נייקי' },
  { sub: 1033, key: 'bags', color: true, brandLabel: 'מותג', titleHint: 'לדוגמה: תיק צד מעור' },
  { sub: 1034, key: 'accessories', forWhom: true, color: true, brandLabel: 'מותג', titleHint: 'לדוגמה: משקפי שמש' },
  { sub: 1031, key: 'hats-wigs', forWhom: true, color: true, brandLabel: 'מותג', titleHint: 'לדוגמה: פאה טבעית חלקה' },
  { sub: 1035, key: 'beauty', brandLabel: 'מותג', titleHint: 'לדוגמה: בושם חדש באריזה' },
  { sub: 1032, key: 'costumes', sizes: 'costume', brandLabel: 'מותג', titleHint: 'לדוגמה: תחפושת אסטרונאוט' },
  { sub: 1042, key: 'socks', forWhom: true, color: true, brandLabel: 'מותג', titleHint: 'לדוגמה: מארז גרבי ספורט' },
  {
    sub: 1055,
    key: 'wedding',
    sizes: 'dress',
    sizesFor: [105501, 105503],
    color: true,
    brandLabel: 'מעצב/ת',
    titleHint: 'לדוגמה: שמלת כלה בגזרת מרמייד',
  },
  { sub: 151, key: 'other', color: true, brandLabel: 'מותג', titleHint: 'מה אתם מוכרים?' },
];

/** The item type (the tree's third level under the sub-category), when it has one. */
export function itemTypeField(kind: FashionKind): FieldDef[] {
  const types = productPath(kind.sub)?.node.children ?? [];
  if (types.length === 0) return [];
  return [
    staticSelect(
      'salesSubCat3ID',
      'סוג הפריט',
      types.map((t) => [t.id, t.name] as const),
      {
        isRequired: true,
        column: 1,
        priority: 1,
        accordionBrief: {},
      },
    ),
  ];
}

export function fashionDetailFields(kind: FashionKind): FieldDef[] {
  const fields: FieldDef[] = [];
  if (kind.sizes) {
    fields.push(
      staticSelect('size', 'מידה', SIZES[kind.sizes], {
        isRequired: true,
        column: 1,
        priority: 3,
        accordionBrief: { prefix: 'מידה ' },
        ...(kind.sizesFor
          ? { showcond: { kind: 'field', field: 'salesSubCat3ID', values: kind.sizesFor.map(String) } }
          : {}),
      }),
    );
  }
  if (kind.forWhom) fields.push(staticSelect('forWhom', 'מתאים ל', FOR_WHOM, { column: 1, priority: 4 }));
  if (kind.color) fields.push(staticSelect('color', 'צבע', COLORS, { column: 1, priority: 5 }));
  return fields;
}
