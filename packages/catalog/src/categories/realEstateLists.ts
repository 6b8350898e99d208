/**
 * The address lists that real-estate fields reference by dataUrl (/api/publish/options/<listId>), the
 * parameters (parent field ids) each is filtered by, and what the web app needs for the missing-address form.
 *
 * - cities: every locality (value: the official locality code, text: its name). With `keyword` (2+
 *   characters) the best 20 matches; without, the whole list (the server validates against it).
 * - streets?city=<code>: the streets of that locality (value: the official street code). With `keyword`: the
 *   best 20 matches.
 * - neighborhoods?city=<code>: the neighbourhoods of that locality (street codes 6500-6999).
 * Every list also takes `value=<code>`: just that option (the text of a saved value).
 */
import { optionsUrl } from '@app/form-engine/dataUrl';

export const ADDRESS_LISTS = {
  cities: 'cities',
  streets: 'streets',
  neighborhoods: 'neighborhoods',
} as const;

export type AddressListId = (typeof ADDRESS_LISTS)[keyof typeof ADDRESS_LISTS];

export const REAL_ESTATE_OPTION_LISTS: ReadonlySet<AddressListId> = new Set(Object.values(ADDRESS_LISTS));

export const REAL_ESTATE_LIST_PARAMS: Readonly<Record<AddressListId, readonly string[]>> = {
  cities: [],
  streets: ['city'],
  neighborhoods: ['city'],
};

/** Attributes of a `cities` option (flat on the wire): the CBS district and what the locality has. */
export const CITY_ATTRS = {
  areaId: 'AreaID',
  areaName: 'AreaName',
  hasStreet: 'hasStreet',
  hasNeighborhood: 'hasNeighborhood',
} as const;

export const addressListUrl = (listId: AddressListId): string => optionsUrl(listId);

/**
 * The missing-address form (spec §4, §5, §7): offered when the street autocomplete (list `streets`) finds
 * nothing for what the user typed. POST `url` {settlement, street, houseNumber} → {success: boolean}.
 */
export const MISSING_ADDRESS = {
  url: '/api/publish/missing-address',
  /** The autocomplete list whose empty answer offers the form. */
  listId: ADDRESS_LISTS.streets,
  /** Field ids the form is filled from: the chosen locality's name, the typed street, the house number. */
  from: { settlement: 'city', street: 'street', houseNumber: 'homeNumber' },
  texts: {
    offer: 'לא מצאתם את הרחוב? ספרו לנו',
    title: 'הוספת כתובת חסרה',
    settlementRequired: 'ישוב שדה חובה',
    failed: 'שליחת הבקשה נכשלה, נסו שוב מאוחר יותר',
    thanks: 'תודה! הכתובת נשלחה לבדיקה',
    /** Shown under the street field once the thank-you closes. */
    note: 'הכתובת תיבדק מול מאגר הכתובות',
  },
} as const;
