import type { Queryable } from '../platform/db/db.ts';
import type { CheckedEvent } from './events-service.ts';

/** Stores a checked batch in one statement; customerId is the session's (null for a visitor). */
export async function insertAnalyticsEvents(
  db: Queryable,
  events: readonly CheckedEvent[],
  customerId: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO analytics_events (name, props, customer_id, occurred_at)
     SELECT e.name, e.props, $2, e.occurred_at
     FROM jsonb_to_recordset($1::jsonb) AS e(name text, props jsonb, occurred_at timestamptz)`,
    [
      JSON.stringify(events.map((e) => ({ name: e.name, props: e.props, occurred_at: e.occurredAt.toISOString() }))),
      customerId,
    ],
  );
}
