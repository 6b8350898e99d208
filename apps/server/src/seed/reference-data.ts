import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../platform/db/db.ts';
import { parseCsv, readCsvRecords } from './csv.ts';

const seedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data');
const BATCH = 10_000;

const int = (v: string | undefined) => (v && /^-?\d+$/.test(v.trim()) ? Number(v) : null);
const num = (v: string | undefined) => (v && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/**
 * Loads Israeli localities (CBS) and streets (Population Authority) into their tables once.
 * Localities that appear only in the street list take their name from the street_code 9000 row.
 */
export async function seedReferenceData(db: Db): Promise<{ localities: number; streets: number } | null> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM localities');
  if (n > 0) return null;

  const localities = new Map<number, (string | number | null)[]>();
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

  await db.transaction(async (tx) => {
    const locs = [...localities.values()];
    const column = (i: number) => locs.map((l) => l[i]);
    await tx.query(
      `INSERT INTO localities (id, name, name_en, district_id, district_name, population, latitude, longitude)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[],
                            $7::float8[], $8::float8[])`,
      [0, 1, 2, 3, 4, 5, 6, 7].map(column),
    );
    for (let i = 0; i < streets.length; i += BATCH) {
      const part = streets.slice(i, i + BATCH);
      await tx.query(
        `INSERT INTO streets (city_code, street_code, name)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[]) ON CONFLICT DO NOTHING`,
        [part.map((s) => s[0]), part.map((s) => s[1]), part.map((s) => s[2])],
      );
    }
  });
  return { localities: localities.size, streets: streets.length };
}
