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

function place(code: number, name: string, ...other: (string | null | undefined)[]): Place {
  const keys = [name, ...other].flatMap((n) => (n ? [normalizeName(n)] : []));
  return { code, name, keys: [...new Set(keys)] };
}

/** Reads and indexes the seed files (use addressData(): it does this once). */
export function loadAddressData(dir = seedDir): AddressData {
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

  const streets = new Map<number, Place[]>();
  const neighborhoods = new Map<number, Place[]>();
  const add = (map: Map<number, Place[]>, city: number, item: Place) => {
    const list = map.get(city);
    if (list) list.push(item);
    else map.set(city, [item]);
  };
  for (const [cityCode, cityName, streetCode, streetName] of parseCsv(
    fs.readFileSync(path.join(dir, 'streets.csv'), 'utf8'),
  ).slice(1)) {
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
  for (const list of [...streets.values(), ...neighborhoods.values()]) list.sort(byName);
  const localities = [...locality.values()].sort((a, b) => b.population - a.population || byName(a, b));
  return { localities, locality, streets, neighborhoods };
}

let loaded: AddressData | undefined;

/**
 * The address data of this process, read on first use: about half a second of a start's CPU that only the real
 * estate wizard, the brokers and the address reports need (a server's first such answer waits for it once).
 */
export function addressData(): AddressData {
  loaded ??= loadAddressData();
  return loaded;
}
