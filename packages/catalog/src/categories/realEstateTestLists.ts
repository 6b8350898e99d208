/**
 * For tests only: a tiny stand-in of the address lists (the real data is the official locality and street
 * lists, served by the server), answering the resolver's `options(field, values)` the way the server does:
 * by list id and the parent values. The codes are the official ones.
 */
import { listIdOf } from '@app/form-engine/dataUrl';
import type { FieldDef, Option, Values } from '@app/form-engine/model';

const o = (value: number, text: string): Option => ({ value: String(value), text });

export const TEL_AVIV = '5000';
export const JERUSALEM = '3000';
/** תירוש, a moshav: no streets in the official list. */
export const TIROSH = '10';

const CITIES = [o(3000, 'ירושלים'), o(5000, 'תל אביב-יפו'), o(10, 'תירוש')];
const STREETS: Record<string, Option[]> = {
  '5000': [o(1040, 'אבן גבירול'), o(1135, 'אלנבי'), o(404, 'דיזנגוף')],
  '3000': [o(426, 'בן יהודה'), o(612, 'יפו'), o(1636, 'עמק רפאים')],
};
const NEIGHBORHOODS: Record<string, Option[]> = {
  '5000': [o(6602, 'הצפון החדש'), o(6590, 'הצפון הישן')],
  '3000': [o(6565, 'רחביה'), o(6779, 'שכונת תלפיות')],
};

/** Own entries only: a value like '__proto__' must not find Object.prototype. */
const pick = (table: Record<string, Option[]>, key: unknown): Option[] =>
  typeof key === 'string' && Object.hasOwn(table, key) ? (table[key] ?? []) : [];

export const TEST_ADDRESS_LISTS: Record<string, (values: Values) => Option[]> = {
  cities: () => CITIES,
  streets: (v) => pick(STREETS, v.city),
  neighborhoods: (v) => pick(NEIGHBORHOODS, v.city),
};

/** The resolver's `options` over TEST_ADDRESS_LISTS. */
export function testAddressOptions(field: FieldDef, values: Values): Option[] | undefined {
  const listId = listIdOf(field.dataUrl);
  return listId && Object.hasOwn(TEST_ADDRESS_LISTS, listId) ? TEST_ADDRESS_LISTS[listId]?.(values) : undefined;
}
