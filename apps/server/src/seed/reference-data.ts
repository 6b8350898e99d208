import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv, readCsvRecords } from '../platform/csv.ts';
import type { Db } from '../platform/db/db.ts';
import { countLocalities, insertAddresses, type LocalityValues } from './reference-data-repository.ts';

const seedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data');
const BATCH = 10_000;

const int = (v: string | undefined) => (v && /^-?\d+$/.test(v.trim()) ? Number(v) : null);
const num = (v: string | undefined) => (v && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/**
 * Loads Israeli localities (CBS) and streets (Population Authority) into their tables once.
 * Localities that appear only in the street list take their name from the street_code 9000 row.
 */
export async function seedReferenceData(db: Db): Promise<{ localities: number; streets: number } | null> {
  if ((await countLocalities(db)) > 0) return null;

  const localities = new Map<number, LocalityValues>();
  for (const r of readCsvRecords(path.join(seedDir, 'localities.csv'))) {
    const id = int(r.id);
    if (id === null) continue;
    localities.set(id, [
      id,
      (r.name ?? '').trim(),
      r.name_en || null,
      int(r.district_id),
      r.district_name || null,
      int(r.population),
      num(r.coordinates_wgs84_latitude),
      num(r.coordinates_wgs84_longitude),
    ]);
  }

  const streetRows = parseCsv(fs.readFileSync(path.join(seedDir, 'streets.csv'), 'utf8')).slice(1);
  const streets: [number, number, string][] = [];
  for (const [cityCode, cityName, streetCode, streetName] of streetRows) {
    const city = int(cityCode);
    const code = int(streetCode);
    if (city === null || code === null || !streetName) continue;
    streets.push([city, code, streetName.trim()]);
    if (code === 9000 && !localities.has(city)) {
      localities.set(city, [city, (cityName ?? streetName).trim(), null, null, null, null, null, null]);
    }
  }

  await insertAddresses(db, [...localities.values()], streets, BATCH);
  return { localities: localities.size, streets: streets.length };
}
