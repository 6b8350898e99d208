/**
 * Reserved ads (migration 0006): the ad a wizard tab uploads its photos (and video) to before the first save. They
 * are bounded two ways. A customer holds at most RESERVATIONS_PER_CUSTOMER at once: a new one beyond that takes the
 * place of the one idle longest, which is given up with its photos and video (its tab, if still open, gets 404 for
 * it and reserves anew). And a reservation idle for RESERVATION_IDLE_MS (never saved, no photo uploaded to it) is
 * swept by the hourly media job. Idle means since the last reserve call for it, photo upload or video (the
 * database's times, as its photo rows carry).
 *
 * Both answer the files they freed (photo and thumbnail keys, video keys); the caller removes them once the rows
 * are gone, so a file is never removed while a row still refers to it.
 */
import type { Db, Queryable } from '../platform/db/db.ts';
import { type Ad, type AdRow, toAd } from './ads-repository.ts';
import type { Selectors } from './drafts-repository.ts';

/** Reserved ads one customer may hold: a few wizard tabs at once, each with up to ten photos. */
export const RESERVATIONS_PER_CUSTOMER = 5;
/** A reservation left this long without a reserve call or an upload is swept with its photos. */
export const RESERVATION_IDLE_MS = 7 * 24 * 60 * 60_000;
/** Reservations swept per statement. */
const SWEEP_BATCH = 200;

/** The files of reservations that were given up. */
export interface FreedFiles {
  adIds: number[];
  /** Photo and thumbnail keys of the media store. */
  mediaKeys: string[];
  /** Video keys of the video host. */
  videoKeys: string[];
}

/** The reservation's last sign of life: the reserve call, its newest photo, its video. */
const LAST_ACTIVE = `GREATEST(a.updated_at,
  COALESCE((SELECT max(i.updated_at) FROM ad_images i WHERE i.ad_id = a.id), a.updated_at),
  COALESCE((SELECT v.created_at FROM ad_videos v WHERE v.ad_id = a.id), a.updated_at))`;

/** Deletes reserved ads (photos and video rows go with them) and answers their files. */
async function release(tx: Queryable, ids: number[]): Promise<FreedFiles> {
  if (ids.length === 0) return { adIds: [], mediaKeys: [], videoKeys: [] };
  const images = await tx.query<{ image_key: string; thumb_key: string }>(
    'SELECT image_key, thumb_key FROM ad_images WHERE ad_id = ANY($1::bigint[])',
    [ids],
  );
  const videos = await tx.query<{ video_key: string }>(
    'SELECT video_key FROM ad_videos WHERE ad_id = ANY($1::bigint[])',
    [ids],
  );
  const gone = await tx.query<{ id: string | number }>(
    "DELETE FROM ads WHERE id = ANY($1::bigint[]) AND status = 'reserved' RETURNING id",
    [ids],
  );
  return {
    adIds: gone.map((r) => Number(r.id)),
    mediaKeys: images.flatMap((r) => [r.image_key, r.thumb_key]),
    videoKeys: videos.map((r) => r.video_key),
  };
}

/**
 * The customer's reservation for a wizard tab (its idempotency key): the same one again for the same key (its
 * activity refreshed), else a new one, giving up the idle-longest reservations beyond the cap first. One customer's
 * reservations are made one at a time (a lock of the customer's row), so two tabs at once never pass the cap.
 */
export async function reserveAd(
  db: Db,
  input: { customerId: number; cat: number; subcat: number | null; selectors: Selectors; idempotencyKey: string },
  cap = RESERVATIONS_PER_CUSTOMER,
): Promise<{ ad: Ad; freed: FreedFiles }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [input.customerId]);
    const [existing] = await tx.query<AdRow>(
      `UPDATE ads SET updated_at = CASE WHEN status = 'reserved' THEN now() ELSE updated_at END
       WHERE customer_id = $1 AND idempotency_key = $2 RETURNING *`,
      [input.customerId, input.idempotencyKey],
    );
    if (existing) return { ad: toAd(existing), freed: await release(tx, []) };
    const open = await tx.query<{ id: string | number }>(
      `SELECT a.id FROM ads a WHERE a.customer_id = $1 AND a.status = 'reserved'
       ORDER BY ${LAST_ACTIVE}, a.id`,
      [input.customerId],
    );
    const over = open.length - cap + 1;
    const freed = await release(
      tx,
      open.slice(0, Math.max(0, over)).map((r) => Number(r.id)),
    );
    const [row] = await tx.query<AdRow>(
      `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, idempotency_key)
       VALUES ($1, $2, $3, $4::jsonb, '{}'::jsonb, 'reserved', $5) RETURNING *`,
      [input.customerId, input.cat, input.subcat, JSON.stringify(input.selectors), input.idempotencyKey],
    );
    if (!row) throw new Error('reservation not inserted');
    return { ad: toAd(row), freed };
  });
}

/** Gives up every reservation idle since before `idleSince` (never saved), in batches; answers their files. */
export async function sweepIdleReservations(db: Db, idleSince: Date): Promise<FreedFiles> {
  const all: FreedFiles = { adIds: [], mediaKeys: [], videoKeys: [] };
  for (;;) {
    const freed = await db.transaction(async (tx) => {
      const idle = await tx.query<{ id: string | number }>(
        `SELECT a.id FROM ads a WHERE a.status = 'reserved' AND ${LAST_ACTIVE} < $1
         ORDER BY a.id LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED`,
        [idleSince],
      );
      return release(
        tx,
        idle.map((r) => Number(r.id)),
      );
    });
    all.adIds.push(...freed.adIds);
    all.mediaKeys.push(...freed.mediaKeys);
    all.videoKeys.push(...freed.videoKeys);
    if (freed.adIds.length < SWEEP_BATCH) return all;
  }
}
