/**
 * The media of an edit of a published ad (migration 0028): an active ad's photo and video changes wait in the edit's
 * own copy of its media until order-edited finishes the edit (applyMediaEdit), as its field values wait in
 * ads.pending_values. The live photos (ad_images) and video (ad_videos) stay as the public and "my ads" see them.
 *
 * Which photos a call works on (`photoSetFor`): a published ad's edit copy, made from the live ones at its first
 * change; any other ad's own (a draft, a blocked ad, a reservation: nothing of theirs is public). A file is removed
 * only once no row of either table refers to it (`unreferencedKeys`): a photo the edit keeps shares its files with
 * the live row.
 */
import type { VideoMime } from '@app/contract/media';
import type { Ad } from '../ads/ads-repository.ts';
import type { Db, Queryable } from '../platform/db/db.ts';

/** An ad's video as stored (ad_videos, and an edit's copy in ad_video_edits): the file is the video host's. */
export interface AdVideoRow {
  adId: number;
  videoKey: string;
  mime: VideoMime;
  bytes: number;
  createdAt: Date;
}

/** The ad's own photos (ad_images) or its edit's copy of them (ad_image_edits). */
export type PhotoSet = 'live' | 'edit';

export const PHOTO_TABLE: Record<PhotoSet, string> = { live: 'ad_images', edit: 'ad_image_edits' };

const IMAGE_COLUMNS =
  'slot, position, image_key, thumb_key, width, height, bytes, sha256, source_sha256, phash, reused, created_at, updated_at';

/** Changes of a published ad wait for the edit's finish; any other ad's change is its own at once. */
export const changesWait = (ad: Pick<Ad, 'status'>): boolean => ad.status === 'active';

/** Whether the ad has an edit's media waiting for its finish. */
export async function hasMediaEdit(db: Queryable, adId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM ad_media_edits WHERE ad_id = $1', [adId]);
  return rows.length > 0;
}

/** The photos a read shows the owner: a published ad's edit copy when it has one, else the ad's own. */
export async function photoSetFor(db: Queryable, ad: Pick<Ad, 'orderId' | 'status'>): Promise<PhotoSet> {
  return changesWait(ad) && (await hasMediaEdit(db, ad.orderId)) ? 'edit' : 'live';
}

/**
 * The edit's copy of the ad's media, made from the live photos and video at the edit's first change (nothing when
 * the copy exists). The caller holds the ad's row lock.
 */
export async function startMediaEdit(tx: Queryable, adId: number): Promise<void> {
  const made = await tx.query(
    `INSERT INTO ad_media_edits (ad_id, video_key, video_mime, video_bytes, video_created_at)
     SELECT a.id, v.video_key, v.mime, v.bytes, v.created_at FROM ads a LEFT JOIN ad_videos v ON v.ad_id = a.id
     WHERE a.id = $1
     ON CONFLICT (ad_id) DO NOTHING RETURNING ad_id`,
    [adId],
  );
  if (made.length === 0) return;
  await tx.query(
    `INSERT INTO ad_image_edits (ad_id, ${IMAGE_COLUMNS}) SELECT ad_id, ${IMAGE_COLUMNS} FROM ad_images WHERE ad_id = $1`,
    [adId],
  );
}

/** Of these file keys, those no photo row (live or an edit's) refers to any more: the ones to remove. */
export async function unreferencedKeys(db: Queryable, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used = await db.query<{ key: string }>(
    `SELECT image_key AS key FROM ad_images WHERE image_key = ANY($1::text[])
     UNION SELECT thumb_key FROM ad_images WHERE thumb_key = ANY($1::text[])
     UNION SELECT image_key FROM ad_image_edits WHERE image_key = ANY($1::text[])
     UNION SELECT thumb_key FROM ad_image_edits WHERE thumb_key = ANY($1::text[])`,
    [[...keys]],
  );
  const referenced = new Set(used.map((r) => r.key));
  return [...new Set(keys)].filter((key) => !referenced.has(key));
}

interface EditRow {
  video_key: string | null;
  video_mime: string | null;
  video_bytes: number | string | null;
  video_created_at: Date | string | null;
}

/** The video an edit will have (null: none), when the ad has an edit; undefined when it has none. */
export async function findEditVideo(db: Queryable, adId: number): Promise<AdVideoRow | null | undefined> {
  const [row] = await db.query<EditRow>('SELECT * FROM ad_media_edits WHERE ad_id = $1', [adId]);
  if (!row) return undefined;
  return row.video_key === null
    ? null
    : {
        adId,
        videoKey: row.video_key,
        mime: row.video_mime as VideoMime,
        bytes: Number(row.video_bytes),
        createdAt: new Date(row.video_created_at ?? Date.now()),
      };
}

/**
 * Sets the edit's video (null: the edit removes it), starting the edit's copy if needed, under the ad's row lock.
 * Answers the key of the video file nothing refers to any more (the edit's earlier upload; never the live video,
 * which stays until the finish).
 */
export async function setEditVideo(
  db: Db,
  adId: number,
  video: Omit<AdVideoRow, 'adId' | 'createdAt'> | null,
): Promise<{ freed: string | null }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM ads WHERE id = $1 FOR UPDATE', [adId]);
    await startMediaEdit(tx, adId);
    const [before] = await tx.query<EditRow>('SELECT video_key FROM ad_media_edits WHERE ad_id = $1', [adId]);
    await tx.query(
      `UPDATE ad_media_edits SET video_key = $2, video_mime = $3, video_bytes = $4,
         video_created_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, updated_at = now()
       WHERE ad_id = $1`,
      [adId, video?.videoKey ?? null, video?.mime ?? null, video?.bytes ?? null],
    );
    const old = before?.video_key ?? null;
    if (old === null || old === video?.videoKey) return { freed: null };
    const live = await tx.query('SELECT 1 FROM ad_videos WHERE video_key = $1', [old]);
    return { freed: live.length > 0 ? null : old };
  });
}

/** What a finished edit's media left behind: photo files and video files no row refers to any more. */
export interface AppliedMedia {
  applied: boolean;
  files: string[];
  videos: string[];
}

/**
 * The finish of an edit (inside order-edited's transaction): the edit's photos and video become the ad's, its copy
 * is removed. Answers the files the live ad had and no longer has, which the caller removes after the commit.
 */
export async function applyMediaEdit(tx: Queryable, adId: number): Promise<AppliedMedia> {
  const [edit] = await tx.query<EditRow>('SELECT * FROM ad_media_edits WHERE ad_id = $1 FOR UPDATE', [adId]);
  if (!edit) return { applied: false, files: [], videos: [] };
  const old = await tx.query<{ image_key: string; thumb_key: string }>(
    'DELETE FROM ad_images WHERE ad_id = $1 RETURNING image_key, thumb_key',
    [adId],
  );
  await tx.query(
    `INSERT INTO ad_images (ad_id, ${IMAGE_COLUMNS}) SELECT ad_id, ${IMAGE_COLUMNS} FROM ad_image_edits WHERE ad_id = $1`,
    [adId],
  );
  const [oldVideo] = await tx.query<{ video_key: string }>(
    'DELETE FROM ad_videos WHERE ad_id = $1 RETURNING video_key',
    [adId],
  );
  if (edit.video_key !== null) {
    await tx.query(
      'INSERT INTO ad_videos (ad_id, video_key, mime, bytes, created_at) VALUES ($1, $2, $3, $4, COALESCE($5, now()))',
      [adId, edit.video_key, edit.video_mime, edit.video_bytes, edit.video_created_at],
    );
  }
  await tx.query('DELETE FROM ad_media_edits WHERE ad_id = $1', [adId]);
  const files = await unreferencedKeys(
    tx,
    old.flatMap((r) => [r.image_key, r.thumb_key]),
  );
  const videos = oldVideo && oldVideo.video_key !== edit.video_key ? [oldVideo.video_key] : [];
  return { applied: true, files, videos };
}
