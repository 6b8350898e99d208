/** The auto-bump weeks and their slots (auto_bump_weeks, auto_bump_slots): SQL only; auto-bump-jobs.ts runs them. */
import type { Queryable } from '../platform/db/db.ts';

const toDate = (v: Date | string): Date => new Date(v);

/** The end of the ad's last week that was not stopped, or null. */
export async function lastAutoBumpEnd(tx: Queryable, adId: number): Promise<Date | null> {
  const [last] = await tx.query<{ ends_at: Date | string | null }>(
    'SELECT max(ends_at) AS ends_at FROM auto_bump_weeks WHERE ad_id = $1 AND stopped_at IS NULL',
    [adId],
  );
  return last?.ends_at ? toDate(last.ends_at) : null;
}

/** Records a payment's week; its id, or null when this payment's week exists already. */
export async function insertAutoBumpWeek(
  tx: Queryable,
  week: { adId: number; paymentId: number; startsAt: Date; endsAt: Date },
  now: Date,
): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO auto_bump_weeks (ad_id, payment_id, starts_at, ends_at, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (payment_id) DO NOTHING RETURNING id`,
    [week.adId, week.paymentId, week.startsAt, week.endsAt, now],
  );
  return row ? Number(row.id) : null;
}

/** Stops the ad's running weeks now; their ids. */
export async function stopWeeksOfAd(tx: Queryable, adId: number, now: Date): Promise<number[]> {
  const rows = await tx.query<{ id: number | string }>(
    'UPDATE auto_bump_weeks SET stopped_at = $2 WHERE ad_id = $1 AND stopped_at IS NULL RETURNING id',
    [adId, now],
  );
  return rows.map((r) => Number(r.id));
}

/** Stops one week now; false when it was stopped already. */
export async function stopWeek(tx: Queryable, weekId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE auto_bump_weeks SET stopped_at = $2 WHERE id = $1 AND stopped_at IS NULL RETURNING id',
    [weekId, now],
  );
  return rows.length > 0;
}

export interface WeekOfAd {
  adId: number;
  paymentId: number;
  bumpsDone: number;
  startsAt: Date;
  stopped: boolean;
  adStatus: string;
  adEndsAt: Date | null;
}

/** A week and where its ad stands now. */
export async function findWeekOfAd(tx: Queryable, weekId: number): Promise<WeekOfAd | null> {
  const [row] = await tx.query<{
    ad_id: number | string;
    payment_id: number | string;
    bumps_done: number;
    starts_at: Date | string;
    stopped_at: Date | string | null;
    status: string;
    ad_ends_at: Date | string | null;
  }>(
    `SELECT w.ad_id, w.payment_id, w.bumps_done, w.starts_at, w.stopped_at, a.status, a.ends_at AS ad_ends_at
     FROM auto_bump_weeks w JOIN ads a ON a.id = w.ad_id WHERE w.id = $1`,
    [weekId],
  );
  return row
    ? {
        adId: Number(row.ad_id),
        paymentId: Number(row.payment_id),
        bumpsDone: Number(row.bumps_done),
        startsAt: toDate(row.starts_at),
        stopped: row.stopped_at !== null,
        adStatus: row.status,
        adEndsAt: row.ad_ends_at === null ? null : toDate(row.ad_ends_at),
      }
    : null;
}

/**
 * A slot done once: its (ad, time) recorded, the ad bumped to the slot's time (never back) and the week's count
 * raised. False when the slot was done already (nothing changes).
 */
export async function recordBump(
  tx: Queryable,
  slot: { adId: number; weekId: number; slotAt: Date },
  now: Date,
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO auto_bump_slots (ad_id, slot_at, week_id, done_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (ad_id, slot_at) DO NOTHING RETURNING ad_id`,
    [slot.adId, slot.slotAt, slot.weekId, now],
  );
  if (inserted.length === 0) return false;
  await tx.query(
    `UPDATE ads SET bumped_at = GREATEST(COALESCE(bumped_at, $2::timestamptz), $2::timestamptz) WHERE id = $1`,
    [slot.adId, slot.slotAt],
  );
  await tx.query('UPDATE auto_bump_weeks SET bumps_done = bumps_done + 1 WHERE id = $1', [slot.weekId]);
  return true;
}
