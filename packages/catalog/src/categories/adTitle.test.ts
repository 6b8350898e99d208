import type { CategoryCatalog, FieldDef, Option, Values } from '@app/form-engine/model';
import type { OptionsSource } from '@app/form-engine/options';
import { describe, expect, it } from 'vitest';
import { adTitle, templatePlaceholders, titleTemplates } from './adTitle.ts';
import recipes from './adTitles.json' with { type: 'json' };
import { testAddressOptions } from './realEstateTestLists.ts';
import { CATALOGS, catalogFor } from './registry.ts';
import { secondHandOptions } from './secondHandTestLists.ts';
import { testOptions } from './vehiclesTestLists.ts';

/** The dependent lists as the tests know them (vehicles, addresses, product categories). */
const lists: OptionsSource = (field, values) =>
  testOptions(field, values) ?? testAddressOptions(field, values) ?? secondHandOptions(field, values);

const fieldsOf = (catalog: CategoryCatalog): FieldDef[] => catalog.steps.flatMap((step) => step.fields);
const key = (field: FieldDef) => (field.name ?? field.id).replace(/\[\]$/, '');

/**
 * The least an ad of the catalogue holds once saved: its required fields, each with its first option (the
 * catalogue's or its list's for the parents chosen so far) or a typed sample; `pick` chooses among the options.
 */
function requiredValues(catalog: CategoryCatalog, pick: (options: readonly Option[]) => Option | undefined): Values {
  const values: Record<string, string | string[]> = {};
  for (const field of fieldsOf(catalog)) {
    if (!field.isRequired || key(field) in values) continue;
    const options = field.options ?? (field.dataUrl ? lists(field, values) : undefined);
    if (options) {
      const option = pick(options.filter((o) => o.value !== '-1'));
      if (option) values[key(field)] = field.multiple ? [option.value] : option.value;
    } else if (field.type === 'number' || field.isNumeric) values[key(field)] = '2020';
    else values[key(field)] = 'דוגמה';
  }
  return values;
}

const first = (options: readonly Option[]) => options[0];
/** The "other" option where a list has one: a title that says nothing would fall to the ad's number. */
const other = (options: readonly Option[]) => options.find((o) => o.text === 'אחר') ?? options[0];

describe('ad titles of every catalogue', () => {
  it('every catalogue has a recipe, and every placeholder is a field of the catalogue', () => {
    for (const catalog of CATALOGS) {
      const templates = titleTemplates(catalog);
      expect(templates?.length, catalog.id).toBeGreaterThan(0);
      const ids = new Set(fieldsOf(catalog).map((f) => f.id));
      for (const template of templates ?? []) {
        const placeholders = templatePlaceholders(template);
        expect(placeholders.length, `${catalog.id}: ${template}`).toBeGreaterThan(0);
        for (const { field } of placeholders) expect(ids.has(field), `${catalog.id}: ${field}`).toBe(true);
      }
    }
  });

  it('every recipe names a catalogue (no stale entries)', () => {
    const ids = CATALOGS.map((c) => c.id);
    for (const name of Object.keys(recipes)) {
      expect(
        ids.some((id) => id === name || id.startsWith(`${name}-`)),
        name,
      ).toBe(true);
    }
  });

  it('an ad with only its required fields has a title in words, even when it chose "other"', () => {
    for (const catalog of CATALOGS) {
      for (const pick of [first, other]) {
        const title = adTitle(catalog, requiredValues(catalog, pick), lists);
        expect(title, catalog.id).toBeDefined();
        expect(title, catalog.id).toMatch(/[א-ת]/);
        expect(title, catalog.id).not.toMatch(/[{}]|undefined|-1/);
      }
    }
  });

  it('never shows a code whose option is unknown; without values only what the catalogue itself says', () => {
    for (const catalog of CATALOGS) {
      // Nothing, or the kind of ad alone ("מטפלת", "עסק למכירה").
      expect(adTitle(catalog, {}, lists) ?? '', catalog.id).not.toMatch(/[\d,]/);
    }
    const dogs = catalogFor({ cat: 5, petType: 1 }) as CategoryCatalog;
    expect(adTitle(dogs, { breed: '999999', sex: '1', petType: '1' })).toBe('כלבים, זכר');
    const cars = catalogFor({ cat: 1, subcat: 1 }) as CategoryCatalog;
    // Without the lists the make is not known: no title rather than "12 100".
    expect(adTitle(cars, { subcat: '1', manufacturer: '12', model: '100' })).toBeUndefined();
  });
});

describe('ad titles people recognise', () => {
  const cases: [string, Parameters<typeof catalogFor>[0], Record<string, string | string[]>, string][] = [
    [
      'a car: make, model, year',
      { cat: 1, subcat: 1 },
      { subcat: '1', manufacturer: '12', model: '100', year: '2019' },
      'טויוטה קורולה 2019',
    ],
    [
      'a special vehicle: typed make and model',
      { cat: 1, subcat: 6 },
      { specialType: '1', manufacturer: 'בובקט', model: 'S450', year: '2018' },
      'בובקט S450 2018',
    ],
    [
      'a boat: kind, make, year',
      { cat: 1, subcat: 13 },
      { boatType: '1', manufacturer: 'ביילינר', year: '2015' },
      'סירת מנוע ביילינר 2015',
    ],
    ['a car accessory', { cat: 1, subcat: 7 }, { subcat: '7', productType: '2' }, "ג'אנטים וצמיגים"],
    [
      'an accessory of another kind: the section',
      { cat: 1, subcat: 7 },
      { subcat: '7', productType: '99' },
      'אביזרים לרכב',
    ],
    [
      'a flat for sale: rooms, street, city',
      { cat: 2, subcat: 1 },
      { rooms: '4', city: '5000', street: '404', homeNumber: '50' },
      '4 חדרים, דיזנגוף 50, תל אביב-יפו',
    ],
    [
      'a rental in a village without streets',
      { cat: 2, subcat: 2 },
      { rooms: '3.5', city: '10', homeNumber: '12' },
      '3.5 חדרים, תירוש',
    ],
    [
      'an office',
      { cat: 2, subcat: 4 },
      { HomeTypeID: '20', city: '3000', street: '612', homeNumber: '3' },
      'משרד, יפו 3, ירושלים',
    ],
    [
      'a sofa: its title',
      { cat: 3, subcat: 0 },
      { salesCatID: '1', salesSubCatID: '101', title: 'ספה תלת מושבית אפורה' },
      'ספה תלת מושבית אפורה',
    ],
    [
      'a business for sale',
      { cat: 3, subcat: 0, SalesCatID: 37 },
      { businessType: '2', city: 'תל אביב - יפו' },
      'בית קפה, תל אביב - יפו',
    ],
    [
      'shoes: their title',
      { cat: 3, SalesCatID: 18, SalesSubCatID: 1030 },
      { salesSubCat3ID: '103004', title: 'נעלי ריצה נייקי' },
      'נעלי ריצה נייקי',
    ],
    ['a dog: breed and sex', { cat: 5, petType: 1 }, { petType: '1', breed: '1001', sex: '2' }, 'לברדור רטריבר, נקבה'],
    [
      'a fish of another kind: the kind of pet',
      { cat: 5, petType: 3 },
      { petType: '3', breed: '3018', sex: '3' },
      'דגים, זוג',
    ],
    ['a maths teacher', { cat: 6, subcat: 1 }, { subcat: '1', subject: '101' }, 'מתמטיקה, שיעורים פרטיים'],
    [
      'a holiday cabin',
      { cat: 10, subcat: 1 },
      { subcat: '1', unitType: '101', settlement: 'ראש פינה' },
      'צימר, ראש פינה',
    ],
    [
      'a nanny',
      { cat: 14, subcat: 1 },
      { subcat: '1', jobType: ['2', '3'], area: '3' },
      'מטפלת, משרה חלקית, שעות גמישות, גוש דן',
    ],
    ['a business card', { cat: 100 }, { businessName: 'שיפוצי כהן', businessField: '1' }, 'שיפוצי כהן'],
  ];
  it.each(cases)('%s', (_name, query, values, title) => {
    const catalog = catalogFor(query);
    expect(catalog).toBeDefined();
    expect(adTitle(catalog as CategoryCatalog, values, lists)).toBe(title);
  });
});
