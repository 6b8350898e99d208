/** The address reference tables (localities, streets): SQL only; reference-data.ts reads the files. */
import type { Db } from '../platform/db/db.ts';

/** A locality's columns, in the table's order: id, name, name_en, district_id, district_name, population, lat, long. */
export type LocalityValues = (string | number | null)[];

export async function countLocalities(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM localities');
  return row?.n ?? 0;
}

/** Inserts the localities, then the streets `batch` at a time (a street seen twice is kept once), in one transaction. */
export async function insertAddresses(
  db: Db,
  localities: readonly LocalityValues[],
  streets: readonly (readonly [number, number, string])[],
  batch: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const column = (i: number) => localities.map((l) => l[i]);
    await tx.query(
      `INSERT INTO localities (id, name, name_en, district_id, district_name, population, latitude, longitude)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[],
                            $7::float8[], $8::float8[])`,
      [0, 1, 2, 3, 4, 5, 6, 7].map(column),
    );
    for (let i = 0; i < streets.length; i += batch) {
      const part = streets.slice(i, i + batch);
      await tx.query(
        `INSERT INTO streets (city_code, street_code, name)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[]) ON CONFLICT DO NOTHING`,
        [part.map((s) => s[0]), part.map((s) => s[1]), part.map((s) => s[2])],
      );
    }
  });
}
