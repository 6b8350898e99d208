import type { VideoMime } from '@app/contract/media';
import type { AdVideoRow } from '../media/media-edits-repository.ts';
import type { Db, Queryable } from '../platform/db/db.ts';

interface Row {
  ad_id: number | string;
  video_key: string;
  mime: string;
  bytes: number | string;
  created_at: Date | string;
}

const toVideo = (r: Row): AdVideoRow => ({
  adId: Number(r.ad_id),
  videoKey: r.video_key,
  mime: r.mime as VideoMime,
  bytes: Number(r.bytes),
  createdAt: new Date(r.created_at),
});

export async function findAdVideo(db: Queryable, adId: number): Promise<AdVideoRow | null> {
  const [row] = await db.query<Row>('SELECT * FROM ad_videos WHERE ad_id = $1', [adId]);
  return row ? toVideo(row) : null;
}

/**
 * Records the ad's video, replacing the one it had, under a lock of the ad's row (two uploads finishing at once
 * are put one after the other). Answers the key of the replaced file, which the caller deletes.
 */
export async function replaceAdVideo(
  db: Db,
  video: Omit<AdVideoRow, 'createdAt'>,
): Promise<{ replaced: string | null }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM ads WHERE id = $1 FOR UPDATE', [video.adId]);
    const [old] = await tx.query<Row>('SELECT * FROM ad_videos WHERE ad_id = $1', [video.adId]);
    await tx.query(
      `INSERT INTO ad_videos (ad_id, video_key, mime, bytes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (ad_id) DO UPDATE SET video_key = EXCLUDED.video_key, mime = EXCLUDED.mime,
         bytes = EXCLUDED.bytes, created_at = now()`,
      [video.adId, video.videoKey, video.mime, video.bytes],
    );
    return { replaced: old && old.video_key !== video.videoKey ? old.video_key : null };
  });
}

/** Removes the ad's video row; answers it (null when the ad had none). */
export async function deleteAdVideo(db: Queryable, adId: number): Promise<AdVideoRow | null> {
  const [row] = await db.query<Row>('DELETE FROM ad_videos WHERE ad_id = $1 RETURNING *', [adId]);
  return row ? toVideo(row) : null;
}

// ---- Unfinished uploads (video_uploads, migration 0025; uploads-service.ts decides their limits) ----

/** Locks the customer's row: one customer's uploads are opened one at a time. */
export async function lockUploader(tx: Queryable, customerId: number): Promise<void> {
  await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
}

/** The customer's unfinished uploads created after `since`: for the ad, in all, and the bytes they declare. */
export async function countOpenUploads(
  db: Queryable,
  q: { customerId: number; adId: number; since: Date },
): Promise<{ ofAd: number; all: number; bytes: number }> {
  const [open] = await db.query<{ ad: number | string; all: number | string; bytes: number | string }>(
    `SELECT count(*) FILTER (WHERE ad_id = $2) AS ad, count(*) AS all, COALESCE(sum(bytes), 0) AS bytes
     FROM video_uploads WHERE customer_id = $1 AND created_at > $3`,
    [q.customerId, q.adId, q.since],
  );
  return { ofAd: Number(open?.ad ?? 0), all: Number(open?.all ?? 0), bytes: Number(open?.bytes ?? 0) };
}

export async function insertUpload(
  db: Queryable,
  upload: { id: string; adId: number; customerId: number; bytes: number },
  now: Date,
): Promise<void> {
  await db.query(
    'INSERT INTO video_uploads (upload_id, ad_id, customer_id, bytes, created_at) VALUES ($1, $2, $3, $4, $5)',
    [upload.id, upload.adId, upload.customerId, upload.bytes, now],
  );
}

export async function deleteUpload(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM video_uploads WHERE upload_id = $1', [id]);
}

/** Up to `limit` uploads created before `before`, oldest first. */
export async function uploadsCreatedBefore(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await db.query<{ upload_id: string }>(
    'SELECT upload_id FROM video_uploads WHERE created_at < $1 ORDER BY created_at LIMIT $2',
    [before, limit],
  );
  return rows.map((r) => r.upload_id);
}
