import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/db.ts';
import { seedReferenceData } from '../src/seed/reference-data.ts';
import { openTestDb } from './support/test-db.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
});
afterAll(async () => {
  await drop();
});

describe('Israeli reference data', () => {
  it('loads every locality and street once, joined on the official codes', async () => {
    const first = await seedReferenceData(db);
    expect(first?.streets).toBe(63438);
    // 1,228 CBS localities plus the newer ones that only the street list has.
    expect(first?.localities).toBeGreaterThan(1228);
    expect(await seedReferenceData(db)).toBeNull();

    const [tlv] = await db.query<{ name: string; name_en: string; population: number }>(
      'SELECT name, name_en, population FROM localities WHERE id = 5000',
    );
    expect(tlv).toMatchObject({ name: 'תל אביב-יפו', name_en: 'Tel Aviv - Yafo' });
    expect(tlv?.population).toBeGreaterThan(400000);

    const streets = await db.query<{ name: string }>(
      "SELECT name FROM streets WHERE city_code = 5000 AND name IN ('דיזנגוף', 'אבן גבירול') ORDER BY name",
    );
    expect(streets.map((s) => s.name)).toEqual(['אבן גבירול', 'דיזנגוף']);
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM streets WHERE city_code = 5000 AND street_code BETWEEN 6500 AND 6999',
    );
    expect(n).toBeGreaterThan(20); // neighbourhoods of Tel Aviv
    const orphans = await db.query(
      'SELECT 1 FROM streets s LEFT JOIN localities l ON l.id = s.city_code WHERE l.id IS NULL',
    );
    expect(orphans).toHaveLength(0);
  });
});
