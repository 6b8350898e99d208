/**
 * Property types (the field HomeTypeID): residential for sale and rent, commercial for commercial real estate.
 * The ids are ours (stable, documented in README.md); each type has a kind that decides which fields apply:
 * an apartment has a floor and an elevator, a house a garden and a plot, land neither rooms nor built area.
 */

export type HomeKind = 'apartment' | 'house' | 'land' | 'commercial';

export interface HomeType {
  id: number;
  name: string;
  kind: HomeKind;
  /** Has a private garden or yard (the squareMeter field). */
  garden?: boolean;
  /** Offered for rent (a plot is for sale only). */
  rent: boolean;
  /** Commercial space on a floor of a building (offices, shops, clinics, storage). */
  onFloor?: boolean;
}

export const RESIDENTIAL_TYPES: readonly HomeType[] = [
  { id: 1, name: 'דירה', kind: 'apartment', rent: true },
  { id: 2, name: 'דירת גן', kind: 'apartment', garden: true, rent: true },
  { id: 3, name: 'גג/פנטהאוז', kind: 'apartment', rent: true },
  { id: 4, name: 'דופלקס', kind: 'apartment', rent: true },
  { id: 5, name: 'טריפלקס', kind: 'apartment', rent: true },
  { id: 6, name: 'סטודיו/לופט', kind: 'apartment', rent: true },
  { id: 7, name: 'מרתף/פרטר', kind: 'apartment', rent: true },
  { id: 8, name: 'יחידת דיור', kind: 'apartment', rent: true },
  { id: 9, name: "בית פרטי/קוטג'", kind: 'house', garden: true, rent: true },
  { id: 10, name: 'דו משפחתי', kind: 'house', garden: true, rent: true },
  { id: 11, name: 'משק חקלאי/נחלה', kind: 'house', garden: true, rent: true },
  { id: 12, name: 'מגרש', kind: 'land', rent: false },
];

export const COMMERCIAL_TYPES: readonly HomeType[] = [
  { id: 20, name: 'משרד', kind: 'commercial', rent: true, onFloor: true },
  { id: 21, name: 'חנות', kind: 'commercial', rent: true, onFloor: true },
  { id: 22, name: 'קליניקה', kind: 'commercial', rent: true, onFloor: true },
  { id: 23, name: 'מחסן', kind: 'commercial', rent: true, onFloor: true },
  { id: 24, name: 'מבנה תעשייה', kind: 'commercial', rent: true },
  { id: 25, name: 'אולם', kind: 'commercial', rent: true },
  { id: 26, name: 'חניון', kind: 'commercial', rent: true },
  { id: 27, name: 'מגרש מסחרי', kind: 'land', rent: true },
];

const ids = (types: readonly HomeType[], keep: (t: HomeType) => boolean): string[] =>
  types.filter(keep).map((t) => String(t.id));

const ALL_TYPES = [...RESIDENTIAL_TYPES, ...COMMERCIAL_TYPES];

/** Type ids by what they have (condition values of the fields that depend on the type). */
export const TYPE_IDS = {
  apartment: ids(ALL_TYPES, (t) => t.kind === 'apartment'),
  house: ids(ALL_TYPES, (t) => t.kind === 'house'),
  land: ids(ALL_TYPES, (t) => t.kind === 'land'),
  garden: ids(ALL_TYPES, (t) => t.garden === true),
  commercialOnFloor: ids(ALL_TYPES, (t) => t.onFloor === true),
} as const;
