/**
 * Counts of live ads (after-save-area.md §3 "Ad counters", §5, §7, §9; publish-wizard.md §7): the SQL
 * of get-ads-counters, real-estate-count and glimpse. Live is status 'active' and not past ends_at (an ad whose
 * expiry job has not run yet is not counted). Each query names its category as a literal, so the partial indexes
 * of migration 0021 (`WHERE status = 'active' AND cat = N`) serve it; counts.test.ts shows the plans.
 */
import { CAT } from '@app/catalog/categories/ids';
import { FREE_AD_TYPES } from '@app/catalog/tracks';
import { PRICE_BAND } from '@app/contract/marketCounts';
import type { Ad } from '../ads/ads-repository.ts';
import type { Queryable } from '../platform/db/db.ts';

/** The stored text of a field (a number as its digits), or null when missing or not chosen. */
export function valueText(ad: Pick<Ad, 'values'>, key: string): string | null {
  const v = ad.values[key];
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return text === '' || text === '-1' ? null : text;
}

/** A field equality the same-ads query adds (only for fields the ad has). */
interface Match {
  key: string;
  value: string;
}

/**
 * What makes another live ad "the same" as this one, per family (spec §7 lists the selections): a vehicle of the
 * same make and model; a home in the same city of the same type; a product of the same category. `area` narrows
 * them to the ad's neighbourhood (real estate) or area (second hand); vehicles keep no location.
 */
export function sameAdsRule(ad: Ad): { cat: number; same: Match[]; area: Match[] | null } | null {
  const pick = (keys: readonly string[]): Match[] =>
    keys.flatMap((key) => {
      const value = valueText(ad, key);
      return value === null ? [] : [{ key, value }];
    });
  if (ad.cat === CAT.vehicles) return { cat: ad.cat, same: pick(['manufacturer', 'model']), area: null };
  if (ad.cat === CAT.realEstate) {
    const hood = pick(['neighborhood']);
    return { cat: ad.cat, same: pick(['city', 'HomeTypeID']), area: hood.length ? hood : null };
  }
  if (ad.cat === CAT.secondHand) {
    const area = pick(['area']);
    return { cat: ad.cat, same: pick(['salesCatID', 'salesSubCatID']), area: area.length ? area : null };
  }
  return null;
}

const GREY = [...FREE_AD_TYPES];
/** Spec §3: ad type 1 (the free tracks) is grey, 2 (bold) pink, the others yellow. */
const PINK = ['Bold'];

/** Builds `field_values ->> 'key' = $n` for each match (keys are ours, never the user's). */
function matchSql(matches: readonly Match[], params: unknown[]): string {
  return matches
    .map((m) => {
      if (!/^\w+$/.test(m.key)) throw new Error(`bad key ${m.key}`);
      params.push(m.value);
      return ` AND field_values ->> '${m.key}' = $${params.length}`;
    })
    .join('');
}

export interface SameAdsCounts {
  yellow: number;
  pink: number;
  grey: number;
  area: number | null;
}

/** A statement and its parameters (exported so the index test EXPLAINs exactly what the routes run). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** The same-ads statement of `ad`, or null for a category without counters. */
export function sameAdsStatement(ad: Ad, now: Date): (Statement & { hasArea: boolean }) | null {
  const rule = sameAdsRule(ad);
  if (!rule) return null;
  const params: unknown[] = [ad.subcat, now.toISOString(), ad.orderId, GREY, PINK];
  const same = matchSql(rule.same, params);
  const area = rule.area ? matchSql(rule.area, params).replace(/^ AND /, '') : null;
  return {
    sql: `SELECT count(*) FILTER (WHERE ad_type = ANY ($4::text[])) AS grey,
            count(*) FILTER (WHERE ad_type = ANY ($5::text[])) AS pink,
            count(*) FILTER (WHERE NOT (COALESCE(ad_type, '') = ANY ($4::text[] || $5::text[]))) AS yellow,
            ${area ? `count(*) FILTER (WHERE ${area})` : 'NULL'} AS area
     FROM ads
     WHERE status = 'active' AND cat = ${rule.cat} AND subcat = $1 AND ends_at > $2 AND id <> $3${same}`,
    params,
    hasArea: area !== null,
  };
}

/** Live ads like `ad` (not itself), by track colour, and those of them in its area. */
export async function sameAdsCounts(db: Queryable, ad: Ad, now: Date): Promise<SameAdsCounts | null> {
  const statement = sameAdsStatement(ad, now);
  if (!statement) return null;
  const [row] = await db.query<{ grey: string; pink: string; yellow: string; area: string | null }>(
    statement.sql,
    statement.params,
  );
  return {
    grey: Number(row?.grey ?? 0),
    pink: Number(row?.pink ?? 0),
    yellow: Number(row?.yellow ?? 0),
    area: statement.hasArea ? Number(row?.area ?? 0) : null,
  };
}

export interface RealEstateCountQuery {
  subcat: 1 | 2;
  cityId: string;
  hoodId: string | null;
  homeTypeId: string | null;
  /** Whole shekels: counts ads priced within ±PRICE_BAND of it. */
  price: number | null;
}

/** Live homes for sale (subcat 1) or rent (2) in the city (and neighbourhood, type, price band when given). */
export async function realEstateCount(db: Queryable, q: RealEstateCountQuery, now: Date): Promise<number> {
  const { sql, params } = realEstateCountStatement(q, now);
  const [row] = await db.query<{ count: string }>(sql, params);
  return Number(row?.count ?? 0);
}

export function realEstateCountStatement(q: RealEstateCountQuery, now: Date): Statement {
  const params: unknown[] = [q.subcat, now.toISOString()];
  let where = matchSql(
    [
      { key: 'city', value: q.cityId },
      ...(q.hoodId ? [{ key: 'neighborhood', value: q.hoodId }] : []),
      ...(q.homeTypeId ? [{ key: 'HomeTypeID', value: q.homeTypeId }] : []),
    ],
    params,
  );
  if (q.price !== null) {
    params.push(Math.floor(q.price * (1 - PRICE_BAND)), Math.ceil(q.price * (1 + PRICE_BAND)));
    // The CASE keeps a stored price that is not a number (there should be none) from failing the cast.
    where += ` AND (CASE WHEN field_values ->> 'price' ~ '^[0-9]{1,12}$' THEN (field_values ->> 'price')::bigint END)
      BETWEEN $${params.length - 1} AND $${params.length}`;
  }
  return {
    sql: `SELECT count(*) AS count FROM ads
     WHERE status = 'active' AND cat = ${CAT.realEstate} AND subcat = $1 AND ends_at > $2${where}`,
    params,
  };
}

export interface CarsGlimpseQuery {
  subcat: number;
  manufacturer: string;
  model: string;
  year: string | null;
}

/** Live vehicles of the sub-category, make and model (and year when given). */
export async function carsGlimpse(db: Queryable, q: CarsGlimpseQuery, now: Date): Promise<number> {
  const { sql, params } = carsGlimpseStatement(q, now);
  const [row] = await db.query<{ count: string }>(sql, params);
  return Number(row?.count ?? 0);
}

export function carsGlimpseStatement(q: CarsGlimpseQuery, now: Date): Statement {
  const params: unknown[] = [q.subcat, now.toISOString()];
  const where = matchSql(
    [
      { key: 'manufacturer', value: q.manufacturer },
      { key: 'model', value: q.model },
      ...(q.year ? [{ key: 'year', value: q.year }] : []),
    ],
    params,
  );
  return {
    sql: `SELECT count(*) AS count FROM ads
     WHERE status = 'active' AND cat = ${CAT.vehicles} AND subcat = $1 AND ends_at > $2${where}`,
    params,
  };
}
