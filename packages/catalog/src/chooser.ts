/**
 * Category chooser tiles and sub-category pickers (publish-wizard.md §2 "Category chooser" and
 * "Sub-category pickers"; after-save-area.md §2 "Category chooser"). Plain data: the web app renders it,
 * tests and the server may read it. Titles are the Hebrew texts shown on screen.
 */

/** Query parameters a choice writes into /publish (values are strings, as in a URL). */
export type PublishParams = Readonly<Record<string, string>>;

/** Keys of GET /api/site-config `externalLinks` that chooser entries point at. */
export type ExternalLinkKey =
  | 'professionals'
  | 'jobs'
  | 'furniture'
  | 'cellular'
  | 'commercialRealEstate'
  | 'vehiclePartner'
  | 'vehiclePromotion'
  | 'personalArea'
  | 'donation'
  /** The older site itself: the base of a redirect rule's redirect_to_old path. */
  | 'oldSite';

export const EXTERNAL_LINK_KEYS: readonly ExternalLinkKey[] = [
  'professionals',
  'jobs',
  'furniture',
  'cellular',
  'commercialRealEstate',
  'vehiclePartner',
  'vehiclePromotion',
  'personalArea',
  'donation',
  'oldSite',
];

/** Where a tile or an entry leads. */
export type ChooserTarget =
  /** In-app /publish with this query; fullReload = a real page load (business for sale). */
  | { kind: 'publish'; params: PublishParams; fullReload?: boolean }
  /** Another site; `params` are appended to the configured URL. */
  | { kind: 'external'; linkKey: ExternalLinkKey; params?: PublishParams }
  /** 'What type of ad would you like to publish?' popup: private goes on, business opens a nested menu. */
  | { kind: 'adType'; privateTarget: ChooserTarget; business: BusinessMenu };

export interface ChooserEntry {
  id: string;
  title: string;
  target: ChooserTarget;
}

export interface BusinessMenu {
  id: string;
  title: string;
  entries: readonly ChooserEntry[];
}

export type TileId =
  | 'realEstate'
  | 'vehicles'
  | 'secondHand'
  | 'businessForSale'
  | 'professionals'
  | 'commercialRealEstate'
  | 'jobs'
  | 'furniture'
  | 'fashion'
  | 'pets'
  | 'babyAndChild'
  | 'cellular'
  | 'householdWorkers'
  | 'studies'
  | 'tourism';

export interface ChooserTile {
  id: TileId;
  title: string;
  subtitle?: string;
  /** Marked "new" on the tile. */
  isNew?: boolean;
  target: ChooserTarget;
}

const publish = (params: PublishParams, fullReload = false): ChooserTarget =>
  fullReload ? { kind: 'publish', params, fullReload } : { kind: 'publish', params };

/** Vehicle sub-categories of the chooser's vehicle business menu, in display order. */
const VEHICLE_BUSINESS: readonly (readonly [number, string])[] = [
  [1, 'פרטי'],
  [2, 'מסחרי'],
  [3, "ג'יפים"],
  [4, 'אופנועים'],
  [5, 'קטנועים'],
  [6, 'כלי רכב מיוחדים'],
  [7, 'אביזרים'],
  [9, 'משאיות'],
  [13, 'כלי שיט'],
];

/** Vehicle traders of these subcats go to the partner site; the rest (4, 5, 7) to the promotion page. */
const VEHICLE_PARTNER_MENU_SUBCATS: ReadonlySet<number> = new Set([1, 2, 3, 6, 9, 13]);

export const BUSINESS_FOR_SALE_PARAMS: PublishParams = { cat: '3', subcat: '2', SalesCatID: '37', step: '1' };

const realEstateTile: ChooserTile = {
  id: 'realEstate',
  title: 'נדל"ן',
  target: {
    kind: 'adType',
    privateTarget: publish({ cat: '2' }),
    business: {
      id: 'realEstateBroker',
      title: 'מתווך נדל"ן',
      entries: [
        { id: 'sale', title: 'מכירה', target: publish({ cat: '2', subcat: '1', istrader: '1' }) },
        { id: 'rent', title: 'השכרה', target: publish({ cat: '2', subcat: '2', istrader: '1' }) },
        { id: 'commercial', title: 'מסחרי', target: publish({ cat: '2', subcat: '4', istrader: '1' }) },
      ],
    },
  },
};

const vehiclesTile: ChooserTile = {
  id: 'vehicles',
  title: 'רכב',
  target: {
    kind: 'adType',
    privateTarget: publish({ cat: '1' }),
    business: {
      id: 'vehicleBusiness',
      title: 'עסק רכב',
      entries: VEHICLE_BUSINESS.map(([subcat, title]) => ({
        id: `vehicle-${subcat}`,
        title,
        target: {
          kind: 'external',
          linkKey: VEHICLE_PARTNER_MENU_SUBCATS.has(subcat) ? 'vehiclePartner' : 'vehiclePromotion',
          params: { subcat: String(subcat) },
        },
      })),
    },
  },
};

/** The chooser's three rows (desktop and tablet); mobile shows them as one flat list in this order. */
export const CHOOSER_ROWS: readonly (readonly ChooserTile[])[] = [
  [
    realEstateTile,
    vehiclesTile,
    {
      id: 'secondHand',
      title: 'יד שנייה',
      subtitle: 'יש לכם פריט מיותר? הרוויחו עליו!',
      target: publish({ cat: '3' }),
    },
  ],
  [
    { id: 'businessForSale', title: 'עסקים למכירה', target: publish(BUSINESS_FOR_SALE_PARAMS, true) },
    { id: 'professionals', title: 'בעלי מקצוע', target: { kind: 'external', linkKey: 'professionals' } },
    { id: 'commercialRealEstate', title: 'נדל"ן מסחרי', target: publish({ cat: '2', subcat: '4' }) },
    { id: 'jobs', title: 'דרושים', isNew: true, target: { kind: 'external', linkKey: 'jobs' } },
  ],
  [
    { id: 'furniture', title: 'ריהוט', target: { kind: 'external', linkKey: 'furniture' } },
    { id: 'fashion', title: 'אופנה וטיפוח', target: publish({ cat: '3', subcat: '0', SalesCatID: '18' }) },
    { id: 'pets', title: 'בעלי חיים', target: publish({ cat: '5' }) },
    {
      id: 'babyAndChild',
      title: 'לתינוק ולילד',
      target: publish({ cat: '3', subcat: '0', SalesCatID: '11', step: '1' }),
    },
    { id: 'cellular', title: 'סלולרי', target: { kind: 'external', linkKey: 'cellular' } },
  ],
];

/**
 * Categories we publish that the spec's three rows leave out (household workers, studies, tourism): a
 * "more categories" group under the rows (desktop) and after the flat list (mobile), so that they are found
 * without a typed URL. Each leads to its sub-category picker (step 0).
 */
export const CHOOSER_MORE: readonly ChooserTile[] = [
  { id: 'householdWorkers', title: 'עובדי משק בית', subtitle: 'מטפלות ועוזרות בית', target: publish({ cat: '14' }) },
  { id: 'studies', title: 'לימודים ומורים', subtitle: 'שיעורים פרטיים, קורסים וחוגים', target: publish({ cat: '6' }) },
  { id: 'tourism', title: 'תיירות ונופש', subtitle: 'צימרים, וילות ודירות נופש', target: publish({ cat: '10' }) },
];

/** Every tile: the spec's rows, then the more-categories group. */
export const CHOOSER_TILES: readonly ChooserTile[] = [...CHOOSER_ROWS.flat(), ...CHOOSER_MORE];

/** Names of the main categories (cat query value). */
export const CATEGORY_TITLES: Readonly<Record<number, string>> = {
  1: 'רכב',
  2: 'נדל"ן',
  3: 'יד שנייה',
  5: 'בעלי חיים',
  6: 'לימודים ומורים',
  10: 'תיירות',
  14: 'עובדי משק בית',
  100: 'פרטי לקוח',
};
