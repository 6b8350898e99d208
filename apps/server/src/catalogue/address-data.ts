/**
 * Israeli localities and streets in memory, for the address lists (address-lists.ts): read once per process
 * from the same seed files that fill the localities and streets tables (seed-data/SOURCE.md), so a list
 * answer and the server's validation never wait for the database. ~1,300 localities and ~63,000 streets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { neighborhoodName, normalizeName } from '@app/catalog/realEstate/addressSearch';
import { parseCsv, readCsvRecords } from '../platform/csv.ts';

const seedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data');

/** street_code 9000 names the locality itself; 6500-6999 are neighbourhoods and areas (SOURCE.md). */
export const LOCALITY_ITSELF = 9000;
export const isNeighborhoodCode = (code: number): boolean => code >= 6500 && code <= 6999;

export interface Place {
  code: number;
  /** As shown. */
  name: string;
  /** Normalised names it is found by. */
  keys: string[];
}

export interface Locality extends Place {
  nameEn: string | null;
  districtId: number | null;
  districtName: string | null;
  population: number;
}

export interface AddressData {
  /** Largest first (the order autocomplete prefers among equal matches). */
  localities: Locality[];
  locality: Map<number, Locality>;
  /** Streets of a locality (neither the locality row 9000 nor neighbourhoods), alphabetical. */
  streets: Map<number, Place[]>;
  /** Neighbourhoods of a locality (codes 6500-6999), alphabetical by the shown name. */
  neighborhoods: Map<number, Place[]>;
}

const int = (v: string | undefined): number | null => (v && /^\d+$/.test(v.trim()) ? Number(v) : null);
const collator = new Intl.Collator('he');
const byName = (a: Place, b: Place) => collator.compare(a.name, b.name) || a.code - b.code;

function place(code: number, name: string, other?: string | null): Place {
  const key = normalizeName(name);
  const otherKey = other ? normalizeName(other) : '';
  return { code, name, keys: otherKey && otherKey !== key ? [key, otherKey] : [key] };
}

/** Rows between two looks at the clock while loading in the background. */
const ROWS_PER_STEP = 2000;

/**
 * Reads and indexes the seed files in steps: each `yield` is a point where a background load may give the event
 * loop back (loadAddressData runs the steps at once).
 */
function* loadSteps(dir: string): Generator<void, AddressData> {
  const locality = new Map<number, Locality>();
  for (const r of readCsvRecords(path.join(dir, 'localities.csv'))) {
    const id = int(r.id);
    const name = (r.name ?? '').trim();
    if (id === null || !name) continue;
    const nameEn = r.name_en?.trim() || null;
    locality.set(id, {
      ...place(id, name, nameEn),
      nameEn,
      districtId: int(r.district_id),
      districtName: r.district_name?.trim() || null,
      population: int(r.population) ?? 0,
    });
  }
  yield;

  const streets = new Map<number, Place[]>();
  const neighborhoods = new Map<number, Place[]>();
  const add = (map: Map<number, Place[]>, city: number, item: Place) => {
    const list = map.get(city);
    if (list) list.push(item);
    else map.set(city, [item]);
  };
  const rows = parseCsv(fs.readFileSync(path.join(dir, 'streets.csv'), 'utf8'));
  yield;
  for (let i = 1; i < rows.length; i++) {
    if (i % ROWS_PER_STEP === 0) yield;
    const [cityCode, cityName, streetCode, streetName] = rows[i] ?? [];
    const city = int(cityCode);
    const code = int(streetCode);
    const name = streetName?.trim();
    if (city === null || code === null || !name) continue;
    if (code === LOCALITY_ITSELF) {
      // Newer localities appear only in the street list (as reference-data.ts seeds them).
      if (!locality.has(city)) {
        const shown = (cityName ?? name).trim();
        locality.set(city, {
          ...place(city, shown),
          nameEn: null,
          districtId: null,
          districtName: null,
          population: 0,
        });
      } else {
        const known = locality.get(city);
        // The street list's spelling ("תל אביב - יפו") finds the locality too.
        if (known) known.keys = [...new Set([...known.keys, normalizeName(name)])];
      }
    } else if (isNeighborhoodCode(code)) {
      add(neighborhoods, city, place(code, neighborhoodName(name), name));
    } else {
      add(streets, city, place(code, name));
    }
  }
  let sorted = 0;
  for (const list of [...streets.values(), ...neighborhoods.values()]) {
    list.sort(byName);
    sorted += list.length;
    if (sorted >= ROWS_PER_STEP) {
      sorted = 0;
      yield;
    }
  }
  const localities = [...locality.values()].sort((a, b) => b.population - a.population || byName(a, b));
  return { localities, locality, streets, neighborhoods };
}

/** Reads and indexes the seed files at once (use addressData(): it does this once). */
export function loadAddressData(dir = seedDir): AddressData {
  const steps = loadSteps(dir);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

let loaded: AddressData | undefined;
/** A load under way in the background (loadAddressDataSoon), its steps not all run yet. */
let pending: Generator<void, AddressData> | undefined;

/**
 * The address data of this process. Loaded in the background after a start (loadAddressDataSoon) or, when an
 * answer needs it before that has ended, here at once (the rest of the steps).
 */
export function addressData(): AddressData {
  if (loaded) return loaded;
  const steps = pending ?? loadSteps(seedDir);
  pending = undefined;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      loaded = step.value;
      return loaded;
    }
  }
}

/** Longest stretch, in milliseconds, the background load keeps the event loop before it gives it back. */
const SLICE_MS = 10;

/**
 * Loads the address data in the background, a few milliseconds at a time: about half a second of CPU (far more on
 * a busy machine) that in one piece would hold every other request back, and that under-pressure would then count
 * as an overload. Resolves when loaded (by this load or by an answer that needed it first).
 */
export async function loadAddressDataSoon(): Promise<void> {
  if (loaded || pending) return;
  const steps = loadSteps(seedDir);
  pending = steps;
  for (;;) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    // An answer that could not wait took the remaining steps (addressData).
    if (pending !== steps) return;
    const until = performance.now() + SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        loaded = step.value;
        pending = undefined;
        return;
      }
      if (performance.now() >= until) break;
    }
  }
}
