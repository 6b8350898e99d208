import type { Db, Queryable } from '../platform/db/db.ts';
import { PHOTO_TABLE, type PhotoSet, startMediaEdit, unreferencedKeys } from './media-edits-repository.ts';

export interface AdImageRow {
  slot: number;
  position: number | null;
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  sourceSha256: string;
  /**
   * Whether, when it was uploaded, a photo in another of the customer's ads (saved: neither reserved nor deleted) was within
   * REUSED_MAX_DISTANCE bits of its perceptual hash.
   */
  reused: boolean;
}

interface Row {
  slot: number | string;
  position: number | string | null;
  image_key: string;
  thumb_key: string;
  width: number | string;
  height: number | string;
  bytes: number | string;
  sha256: string;
  source_sha256: string;
  reused: boolean;
}

const toImage = (r: Row): AdImageRow => ({
  slot: Number(r.slot),
  position: r.position === null ? null : Number(r.position),
  imageKey: r.image_key,
  thumbKey: r.thumb_key,
  width: Number(r.width),
  height: Number(r.height),
  bytes: Number(r.bytes),
  sha256: r.sha256,
  sourceSha256: r.source_sha256,
  reused: r.reused === true,
});

/**
 * The ad's images in their order: the owner's order first (position), then the rest by slot. `set`: the ad's own
 * (live) or its edit's copy (media/media-edits-repository.ts).
 */
export async function listAdImages(db: Queryable, adId: number, set: PhotoSet = 'live'): Promise<AdImageRow[]> {
  const rows = await db.query<Row>(
    `SELECT * FROM ${PHOTO_TABLE[set]} WHERE ad_id = $1 ORDER BY position IS NULL, position, slot`,
    [adId],
  );
  return rows.map(toImage);
}

/**
 * Stores the slot's image, replacing the one it had (one row per ad and slot), under a lock of the ad's row so
 * that concurrent uploads of a slot are put one after the other. When the slot already holds the same upload
 * (a retry that ran in parallel), the row is kept. Answers the keys of the files nothing refers to any more
 * (the replaced image's, or the new ones when the row was kept), which the caller deletes from the store, and
 * the ad's images as they now are (listAdImages' order).
 *
 * `reused` (the reused-photo check) is decided in the same statement that takes the lock: whether another ad of the
 * same customer has a photo within `reuse.maxDistance` bits of `reuse.phash` (reusedPhotoSql). One transaction of four
 * statements: the lock, the slot's old row with the reuse check, the write, the list.
 *
 * `set` 'edit' writes a published ad's edit copy (made from the live photos first, when this is the edit's first
 * change); a replaced file the live ad still shows is not garbage.
 */
export async function upsertAdImage(
  db: Db,
  adId: number,
  img: Omit<AdImageRow, 'position' | 'reused'>,
  reuse: { phash: bigint; maxDistance: number },
  set: PhotoSet = 'live',
): Promise<{ garbage: string[]; rows: AdImageRow[] }> {
  const table = PHOTO_TABLE[set];
  return db.transaction(async (tx) => {
    // The lock first, then the read: in READ COMMITTED a statement that waits for a row lock still reads the
    // other tables as of its start, so a concurrent upload of the slot committed during the wait would be
    // missed (its files left unreferenced, its row overwritten). The second statement sees it.
    await tx.query('SELECT 1 FROM ads WHERE id = $1 FOR UPDATE', [adId]);
    if (set === 'edit') await startMediaEdit(tx, adId);
    const [found] = await tx.query<Partial<Row> & { reused_now: boolean }>(
      `SELECT i.*, ${reusedPhotoSql('$1', '$3', '$4', '$5')} AS reused_now
       FROM (SELECT $1::bigint AS id) a LEFT JOIN ${table} i ON i.ad_id = a.id AND i.slot = $2`,
      [adId, img.slot, reuse.phash.toString(), reuse.maxDistance, REUSE_SCAN_ADS],
    );
    const old = found?.image_key ? (found as Row) : null;
    let garbage: string[];
    if (old && old.source_sha256 === img.sourceSha256) garbage = [img.imageKey, img.thumbKey];
    else {
      await tx.query(
        `INSERT INTO ${table}
           (ad_id, slot, image_key, thumb_key, width, height, bytes, sha256, source_sha256, phash, reused)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::bigint, $11)
         ON CONFLICT (ad_id, slot) DO UPDATE SET image_key = EXCLUDED.image_key, thumb_key = EXCLUDED.thumb_key,
           width = EXCLUDED.width, height = EXCLUDED.height, bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256,
           source_sha256 = EXCLUDED.source_sha256, phash = EXCLUDED.phash, reused = EXCLUDED.reused,
           updated_at = now()`,
        [
          adId,
          img.slot,
          img.imageKey,
          img.thumbKey,
          img.width,
          img.height,
          img.bytes,
          img.sha256,
          img.sourceSha256,
          // As text: the pg driver reads and writes int8 as a JS number here, which cannot hold 64 bits.
          reuse.phash.toString(),
          found?.reused_now === true,
        ],
      );
      garbage = old ? await unreferencedKeys(tx, [old.image_key, old.thumb_key]) : [];
    }
    return { garbage, rows: await listAdImages(tx, adId, set) };
  });
}

/** How many of the customer's most recent other ads the reuse check looks at (the scan's bound). */
export const REUSE_SCAN_ADS = 1000;

/**
 * Whether another ad of the same customer as the ad (saved: neither reserved nor deleted) has a photo whose perceptual hash is within
 * `maxDistance` bits of `phash`, as an SQL boolean expression over the given parameters. Only a yes or no leaves
 * the database: never which ad. Never across customers: the customer is the ad's own owner, whom the route has
 * already checked is the caller.
 *
 * A bounded per-customer scan, no index on the hash (Hamming distance has no B-tree order): the customer's
 * REUSE_SCAN_ADS most recent ads come from the ads_customer index (customer_id, created_at DESC), their photos
 * from the ad_images primary key (ad_id, slot), at most 10 each; bit_count over the XOR is the distance.
 */
function reusedPhotoSql(adId: string, phash: string, maxDistance: string, scanAds: string): string {
  return `EXISTS (
       SELECT 1
       FROM (SELECT o.id FROM ads o
             WHERE o.customer_id = (SELECT customer_id FROM ads WHERE id = ${adId}) AND o.id <> ${adId}
               AND o.status IN ('draft', 'blocked', 'active')
             ORDER BY o.created_at DESC LIMIT ${scanAds}) AS other
       JOIN ad_images i2 ON i2.ad_id = other.id
       WHERE i2.phash IS NOT NULL AND bit_count((i2.phash # ${phash}::bigint)::bit(64)) <= ${maxDistance}
     )`;
}

/**
 * Removes the slot's image (of the ad, or of its edit's copy, made first when this is the edit's first change);
 * answers the files no row refers to any more, which the caller deletes (none when the live ad still shows them).
 */
export async function deleteAdImage(db: Db, adId: number, slot: number, set: PhotoSet = 'live'): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM ads WHERE id = $1 FOR UPDATE', [adId]);
    if (set === 'edit') await startMediaEdit(tx, adId);
    const [row] = await tx.query<Row>(`DELETE FROM ${PHOTO_TABLE[set]} WHERE ad_id = $1 AND slot = $2 RETURNING *`, [
      adId,
      slot,
    ]);
    return row ? unreferencedKeys(tx, [row.image_key, row.thumb_key]) : [];
  });
}

/**
 * Sets the order: positions 1..n for the given slots (the caller checked they are exactly the stored ones of the
 * set; an edit's first change makes its copy first, with the same slots).
 */
export async function setAdImageOrder(db: Db, adId: number, slots: number[], set: PhotoSet = 'live'): Promise<void> {
  const table = PHOTO_TABLE[set];
  await db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM ads WHERE id = $1 FOR UPDATE', [adId]);
    if (set === 'edit') await startMediaEdit(tx, adId);
    await tx.query(
      `UPDATE ${table} SET position = o.position, updated_at = now()
       FROM unnest($2::smallint[]) WITH ORDINALITY AS o(slot, position)
       WHERE ${table}.ad_id = $1 AND ${table}.slot = o.slot`,
      [adId, slots],
    );
  });
}

const COLUMNS = 'ad_id, slot, position, image_key, thumb_key, width, height, bytes, sha256, source_sha256, reused';

/**
 * The image (or thumbnail) stored under a key, with the owner and status of its ad, and whether the ad shows it:
 * `live` false for a photo only an unfinished edit has (its owner's alone, whatever the ad's status).
 */
export async function findImageByKey(
  db: Queryable,
  key: string,
): Promise<{ image: AdImageRow; customerId: number; status: string; live: boolean } | null> {
  const [row] = await db.query<Row & { customer_id: string; status: string; live: boolean }>(
    `SELECT i.*, a.customer_id, a.status FROM (
       SELECT ${COLUMNS}, true AS live FROM ad_images WHERE image_key = $1 OR thumb_key = $1
       UNION ALL SELECT ${COLUMNS}, false FROM ad_image_edits WHERE image_key = $1 OR thumb_key = $1
     ) i JOIN ads a ON a.id = i.ad_id
     ORDER BY i.live DESC LIMIT 1`,
    [key],
  );
  return row
    ? { image: toImage(row), customerId: Number(row.customer_id), status: row.status, live: row.live === true }
    : null;
}
