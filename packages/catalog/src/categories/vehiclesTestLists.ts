/**
 * For tests only: a tiny stand-in of the vehicle option lists (the real data is packages/catalog/src/vehicles,
 * served by the server), answering the resolver's `options(field, values)` the way the server will: by list
 * id and the parent values.
 */
import { listIdOf } from '@app/form-engine/dataUrl';
import type { FieldDef, Option, Values } from '@app/form-engine/model';
import { COLOR_GROUP_ATTR, COLOR_HEX_ATTR } from './vehiclesLists.ts';

const o = (value: number | string, text: string, attrs?: Option['attrs']): Option =>
  attrs ? { value: String(value), text, attrs } : { value: String(value), text };

const MANUFACTURERS: Record<string, Option[]> = {
  '1': [o(12, 'טויוטה'), o(19, 'מאזדה')],
  '4': [o(30, 'הונדה'), o(31, 'ימאהה')],
};
const MODELS: Record<string, Option[]> = {
  '12': [o(100, 'קורולה'), o(101, 'יאריס')],
  '19': [o(200, 'מאזדה 3')],
};
const YEARS: Record<string, Option[]> = {
  '100': [o(2018, '2018'), o(2019, '2019'), o(2020, '2020')],
  '200': [o(2021, '2021')],
};
const SUBMODELS: Record<string, Option[]> = {
  '100/2019': [o(1001, '1.6 Sun אוט׳'), o(1002, '1.8 היברידי')],
  '101/2019': [o(1101, '1.5 Active')],
};

/** Own entries only: a value like '__proto__' must not find Object.prototype. */
const pick = (table: Record<string, Option[]>, key: string): Option[] | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

export const TEST_LISTS: Record<string, (values: Values) => Option[]> = {
  'vehicle-manufacturers': (v) => pick(MANUFACTURERS, String(v.subcat)) ?? [o(50, 'יצרן כללי'), o(51, 'יצרן אחר')],
  'vehicle-models': (v) => pick(MODELS, String(v.manufacturer)) ?? [o(900, 'דגם א'), o(901, 'דגם ב')],
  'vehicle-years': (v) => pick(YEARS, String(v.model)) ?? [o(2015, '2015'), o(2016, '2016')],
  'vehicle-submodels': (v) => pick(SUBMODELS, `${String(v.model)}/${String(v.year)}`) ?? [],
  'vehicle-color-groups': () => [
    o(1, 'לבן', { [COLOR_HEX_ATTR]: '#FFFFFF' }),
    o(2, 'שחור', { [COLOR_HEX_ATTR]: '#000000' }),
    o(3, 'אפור', { [COLOR_HEX_ATTR]: '#808080' }),
  ],
  'vehicle-colors': () => [
    o(10, 'לבן שנהב', { [COLOR_GROUP_ATTR]: 1 }),
    o(11, 'לבן פנינה', { [COLOR_GROUP_ATTR]: 1 }),
    o(20, 'שחור מטלי', { [COLOR_GROUP_ATTR]: 2 }),
    o(30, 'אפור מטלי', { [COLOR_GROUP_ATTR]: 3 }),
  ],
  'vehicle-owners': () => [o(1, 'פרטית'), o(2, 'חברה'), o(3, 'ליסינג'), o(14, 'חדש מהיבואן')],
};

/** The resolver's `options` over TEST_LISTS. */
export function testOptions(field: FieldDef, values: Values): Option[] | undefined {
  const listId = listIdOf(field.dataUrl);
  return listId && Object.hasOwn(TEST_LISTS, listId) ? TEST_LISTS[listId]?.(values) : undefined;
}
