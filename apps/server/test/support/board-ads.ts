/**
 * Ads put straight on the board for the board's tests: one row as goLive leaves it (status, track, publish, bump and
 * end times) with the values save-ad stores (numbers without separators) and their title's words, and the photos as
 * the upload leaves them. One sample ad per family, from the same fixtures as the publish tests.
 */
import crypto from 'node:crypto';
import { adTitleWordsOf } from '../../src/ads/ad-title.ts';
import type { Queryable } from '../../src/platform/db/db.ts';
import { CATEGORY_ADS } from './category-ads.ts';
import { validSaleAd } from './real-estate-ad.ts';
import { validCarAd } from './vehicle-ad.ts';

export type StoredValues = Record<string, string | string[]>;

/** A number the browser sends with separators ("85,000") is stored as its digits. */
const stored = (values: Record<string, string | string[]>): StoredValues =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'string' && /^\d{1,3}(,\d{3})+$/.test(v) ? v.replace(/,/g, '') : v,
    ]),
  );

export interface SampleAd {
  family: string;
  cat: number;
  subcat: number | null;
  selectors: Record<string, string>;
  values: StoredValues;
}

const split = (family: string, all: Record<string, string | string[]>, selectorKeys: readonly string[]): SampleAd => {
  const selectors: Record<string, string> = {};
  const values: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(all)) {
    // The category's own selectors (a kind of animal…) are values of its first step too: save-ad keeps them so.
    if (selectorKeys.includes(k) && typeof v === 'string') selectors[k] = v;
    if (!selectorKeys.includes(k) || (k !== 'cat' && k !== 'subcat')) values[k] = v;
  }
  return {
    family,
    cat: Number(selectors.cat),
    subcat: selectors.subcat === undefined ? null : Number(selectors.subcat),
    selectors,
    values: stored(values),
  };
};

/** One sample ad of each family whose board has filters: vehicles, real estate, and the catalogue's others. */
export function sampleAds(): SampleAd[] {
  const others = [3, 5, 6, 10, 14, 100].map((cat) => {
    const ad = CATEGORY_ADS.find((a) => Number(a.selectors.cat) === cat);
    if (!ad) throw new Error(`no sample ad of category ${cat}`);
    return split(ad.family, { ...ad.selectors, ...ad.values }, Object.keys(ad.selectors));
  });
  return [
    split('vehicles', validCarAd(), ['cat', 'subcat']),
    split('real estate', validSaleAd(), ['cat', 'subcat']),
    ...others,
  ];
}

/** A customer to own the ads. */
export async function insertCustomer(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name) VALUES ($1, 'x', 'מוכר', 'בדיקה') RETURNING id`,
    [`board-${crypto.randomBytes(6).toString('hex')}@example.co.il`],
  );
  return Number(row?.id);
}

export interface BoardAdInput {
  customerId: number;
  cat: number;
  subcat: number | null;
  selectors?: Record<string, string>;
  values?: StoredValues;
  status?: string;
  adType?: string | null;
  publishedAt: Date;
  bumpedAt?: Date | null;
  endsAt: Date;
}

/** Inserts an ad as the board reads it; answers its number. */
export async function insertBoardAd(db: Queryable, ad: BoardAdInput): Promise<number> {
  const selectors = ad.selectors ?? {
    cat: String(ad.cat),
    ...(ad.subcat === null ? {} : { subcat: String(ad.subcat) }),
  };
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, ad_type, published_at, bumped_at,
       ends_at, created_at, title_words)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $8, $11) RETURNING id`,
    [
      ad.customerId,
      ad.cat,
      ad.subcat,
      JSON.stringify(selectors),
      JSON.stringify(ad.values ?? {}),
      ad.status ?? 'active',
      ad.adType === undefined ? 'Free' : ad.adType,
      ad.publishedAt,
      ad.bumpedAt === undefined ? ad.publishedAt : ad.bumpedAt,
      ad.endsAt,
      adTitleWordsOf(selectors, ad.values ?? {}),
    ],
  );
  return Number(row?.id);
}

/** A photo of the ad in `slot` (position null until the owner orders them), with random keys. */
export async function insertPhoto(db: Queryable, adId: number, slot: number, position: number | null): Promise<string> {
  const key = crypto.randomBytes(8).toString('hex');
  await db.query(
    `INSERT INTO ad_images (ad_id, slot, position, image_key, thumb_key, width, height, bytes, sha256, source_sha256)
     VALUES ($1, $2, $3, $4, $5, 1120, 840, 1000, $6, $6)`,
    [adId, slot, position, `${key}.jpg`, `${key}_t.jpg`, key],
  );
  return key;
}
