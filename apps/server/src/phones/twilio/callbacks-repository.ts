/** Twilio's callbacks acted on (provider_callbacks): a replay finds its event here. SQL only. */
import type { Queryable } from '../../platform/db/db.ts';

const PROVIDER = 'twilio';

/** Records an event as acted on; false when it was recorded before (a replay). */
export async function recordCallback(db: Queryable, eventKey: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO provider_callbacks (provider, event_key, received_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING event_key`,
    [PROVIDER, eventKey, now],
  );
  return rows.length > 0;
}

/** Forgets an event (acting on it failed: Twilio's retry is acted on). */
export async function forgetCallback(db: Queryable, eventKey: string): Promise<void> {
  await db.query('DELETE FROM provider_callbacks WHERE provider = $1 AND event_key = $2', [PROVIDER, eventKey]);
}

/** Forgets the events received before `before`; how many. */
export async function forgetCallbacksBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query(
    'DELETE FROM provider_callbacks WHERE provider = $1 AND received_at < $2 RETURNING event_key',
    [PROVIDER, before],
  );
  return rows.length;
}
