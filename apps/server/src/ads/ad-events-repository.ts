/**
 * The ad events' outbox (migration 0048, ad_events): written in the transaction that changes the ad; read and fanned
 * out to the subscribers by webhooks/. SQL only.
 */
import type { AdEventTypeName } from '@app/contract/webhooks';
import type { Queryable } from '../platform/db/db.ts';
import type { AdEventView } from './public-ad.ts';

export type AdEventType = AdEventTypeName;

export interface AdEvent {
  seq: number;
  eventId: string;
  type: AdEventType;
  adId: number;
  view: AdEventView;
  createdAt: Date;
}

interface AdEventRow {
  seq: string | number;
  event_id: string;
  type: AdEventType;
  ad_id: string | number;
  view: AdEventView;
  created_at: Date | string;
}

const toEvent = (r: AdEventRow): AdEvent => ({
  seq: Number(r.seq),
  eventId: r.event_id,
  type: r.type,
  adId: Number(r.ad_id),
  view: r.view,
  createdAt: new Date(r.created_at),
});

export async function insertAdEvent(
  tx: Queryable,
  event: { eventId: string; type: AdEventType; adId: number; view: AdEventView },
  at: Date,
): Promise<AdEvent> {
  const [row] = await tx.query<AdEventRow>(
    `INSERT INTO ad_events (event_id, type, ad_id, view, created_at) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING *`,
    [event.eventId, event.type, event.adId, JSON.stringify(event.view), at],
  );
  if (!row) throw new Error('ad event not stored');
  return toEvent(row);
}

export async function findAdEvent(db: Queryable, seq: number): Promise<AdEvent | null> {
  const [row] = await db.query<AdEventRow>('SELECT * FROM ad_events WHERE seq = $1', [seq]);
  return row ? toEvent(row) : null;
}

/** The ad's live photos' stored keys, in the order its page shows them (media/images-repository.ts listAdImages). */
export async function livePhotoKeys(db: Queryable, adId: number): Promise<string[]> {
  const rows = await db.query<{ image_key: string }>(
    'SELECT image_key FROM ad_images WHERE ad_id = $1 ORDER BY position IS NULL, position, slot',
    [adId],
  );
  return rows.map((r) => r.image_key);
}
