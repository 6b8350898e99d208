/**
 * The reference data files (data/*.json, data/vehicles/*.json) against their JSON Schemas (data/schemas/): every
 * file has a schema, every file passes it, and a wrong row fails it, so an edit to the data that the code would
 * misread fails here instead of on a page.
 */
/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

const dataDir = path.resolve(import.meta.dirname, '../data');
const schemasDir = path.join(dataDir, 'schemas');

const dataFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? entry.name === 'schemas'
          ? []
          : dataFiles(path.join(dir, entry.name))
        : entry.name.endsWith('.json')
          ? [path.join(dir, entry.name)]
          : [],
    );

const read = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The parts of the files the wrong-file cases spoil. */
interface Data {
  columns: string[];
  rows: unknown[][];
  subModels: unknown[][];
  sets: { vehicles: { rows: { price: number }[] } };
  kinds: { vip: { buttonText?: string } };
  cat: { pets?: number };
  autoBump: { priceAgorot: number };
  boardOrder: { ranks: { adTypes: string[] }[] };
  ownerActions: { bump: { minHoursBetween: number } };
  upgrades: Record<string, unknown>[];
  adPackages: Record<string, unknown>[];
  redirects: Record<string, unknown>[];
  partners: Record<string, unknown>[];
}

/** The n-th element of a list the file is known to have. */
const nth = <T>(list: T[], n: number): T => list[n] as T;

// Strict, but a row may end early where its last columns are optional (a sub-model's ignition, a colour's shades).
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTuples: false });
addFormats(ajv);

/** The schema a data file names in its `$schema`, compiled. */
function validatorOf(file: string) {
  const data = read(file);
  const schemaFile = path.resolve(path.dirname(file), String(data.$schema));
  if (!ajv.getSchema(schemaFile)) ajv.addSchema(read(schemaFile), schemaFile);
  return ajv.getSchema(schemaFile);
}

const files = dataFiles(dataDir);

describe('the reference data files', () => {
  it('are all there, and every schema belongs to a file', () => {
    const names = files.map((file) => path.relative(dataDir, file)).sort();
    expect(names).toEqual([
      'categories.json',
      'lead-owners.json',
      'packages.json',
      'publish-rules.json',
      'tracks.json',
      'vehicles/colour-groups.json',
      'vehicles/colours.json',
      'vehicles/manufacturers.json',
      'vehicles/models.json',
      'vehicles/plates.json',
      'vehicles/registry-map.json',
      'vehicles/sub-models.json',
    ]);
    const named = new Set(files.map((file) => path.resolve(path.dirname(file), String(read(file).$schema))));
    for (const schema of fs.readdirSync(schemasDir)) expect(named).toContain(path.join(schemasDir, schema));
  });

  it.each(files.map((file) => [path.relative(dataDir, file), file]))('%s passes its schema', (_name, file) => {
    const validate = validatorOf(file);
    const ok = validate?.(read(file));
    expect(validate?.errors ?? null).toBeNull();
    expect(ok).toBe(true);
  });

  it.each([
    [
      'a sub-model with an engine type the catalogue does not know',
      'vehicles/sub-models.json',
      (d: Data) => nth(d.rows, 0).splice(6, 1, 'קיטור'),
    ],
    ['a sub-model row with a column missing', 'vehicles/sub-models.json', (d: Data) => nth(d.rows, 0).splice(2, 1)],
    ['a model in an unknown sub-category', 'vehicles/models.json', (d: Data) => nth(d.rows, 0).splice(2, 1, 7)],
    ['a colour written in lower case', 'vehicles/colours.json', (d: Data) => nth(d.rows, 0).splice(3, 1, '#ffffff')],
    ['a metallic colour with one shade', 'vehicles/colours.json', (d: Data) => nth(d.rows, 2).splice(5, 1)],
    [
      'a plate with a registration month 13',
      'vehicles/plates.json',
      (d: Data) => nth(d.rows, 0).splice(4, 1, '2020-13'),
    ],
    ['a renamed column', 'vehicles/manufacturers.json', (d: Data) => d.columns.splice(1, 1, 'title')],
    [
      'a registry model code mapped to no trim',
      'vehicles/registry-map.json',
      (d: Data) => nth(d.subModels, 0).splice(2, 1),
    ],
    [
      'a track price in agorot with a fraction',
      'tracks.json',
      (d: Data) => (nth(d.sets.vehicles.rows, 1).price = 49.9),
    ],
    ['a category without its id', 'categories.json', (d: Data) => delete d.cat.pets],
    ['an auto-bump price in shekels', 'tracks.json', (d: Data) => (d.autoBump.priceAgorot = 39)],
    ['a track kind without a button text', 'tracks.json', (d: Data) => delete d.kinds.vip.buttonText],
    [
      'a board rank naming an ad type that does not exist',
      'tracks.json',
      (d: Data) => nth(d.boardOrder.ranks, 0).adTypes.push('Gold'),
    ],
    ['an owner bump with no time between bumps', 'tracks.json', (d: Data) => (d.ownerActions.bump.minHoursBetween = 0)],
    ['an upgrade with a misspelt key', 'packages.json', (d: Data) => (nth(d.upgrades, 0).priceAgorut = 100)],
    [
      'a package with an unknown form type',
      'packages.json',
      (d: Data) => (nth(d.adPackages, 0).switchFormType = 'mail'),
    ],
    [
      'a partner whose address is not an e-mail address',
      'lead-owners.json',
      (d: Data) => (nth(d.partners, 0).email = 'trade-in'),
    ],
    [
      'a lead kind the product does not collect',
      'lead-owners.json',
      (d: Data) => (nth(d.kinds as unknown as Record<string, unknown>[], 0).kind = 'offer'),
    ],
    ['a redirect rule without its message', 'publish-rules.json', (d: Data) => delete nth(d.redirects, 0).message],
    [
      'a redirect to an address of another site',
      'publish-rules.json',
      (d: Data) => (nth(d.redirects, 0).redirect = { redirect_to_old: true, url: 'https://evil.example/x' }),
    ],
  ])('a wrong file fails its schema: %s', (_what, name, spoil) => {
    const file = path.join(dataDir, name);
    const data = read(file);
    spoil(data as unknown as Data);
    expect(validatorOf(file)?.(data)).toBe(false);
  });
});
