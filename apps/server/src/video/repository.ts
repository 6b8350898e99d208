import type { VideoMime } from '@app/contract/media';
import type { Db, Queryable } from '../platform/db/db.ts';

export interface AdVideoRow {
  adId: number;
  videoKey: string;
  mime: VideoMime;
  bytes: number;
  createdAt: Date;
}

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
