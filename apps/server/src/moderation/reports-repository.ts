/**
 * Buyers' reports of a live ad (migration 0045): each goes to the ad's open case in the moderation queue, opened by
 * the first report (held_as 'active', stage 'report': the ad stays live while the case waits). The case's reasons are
 * the reports counted by reason, with each reason's latest texts, worked out again from the reports on each one.
 */
import type { AdReportReason } from '@app/contract/schemas/adPage';
import type { Queryable } from '../platform/db/db.ts';

/** How many of a reason's latest texts the case shows. */
const TEXTS_SHOWN = 5;

/**
 * Adds one report to the ad's open case (opening one when it has none), in the caller's transaction. A visitor's
 * second report of the same open case changes nothing. Answers the case's id and whether this report was added.
 */
export async function addReport(
  tx: Queryable,
  report: { adId: number; reason: AdReportReason; text: string | null; visitor: string },
  now: Date,
): Promise<{ reviewId: number; counted: boolean }> {
  // The open case, or a new one: the upsert also locks the row, so parallel reports count one after the other.
  const [open] = await tx.query<{ id: string }>(
    `INSERT INTO ad_reviews (ad_id, held_as, stage, reasons, queued_at) VALUES ($1, 'active', 'report', '[]'::jsonb, $2)
     ON CONFLICT (ad_id) WHERE decided_at IS NULL DO UPDATE SET ad_id = EXCLUDED.ad_id
     RETURNING id`,
    [report.adId, now],
  );
  const reviewId = Number(open?.id);
  const added = await tx.query(
    `INSERT INTO ad_reports (ad_id, review_id, reason, text, visitor, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (review_id, visitor) DO NOTHING RETURNING id`,
    [report.adId, reviewId, report.reason, report.text, report.visitor, now],
  );
  await tx.query(
    `UPDATE ad_reviews SET reasons =
       COALESCE((SELECT jsonb_agg(r) FROM jsonb_array_elements(reasons) r WHERE r ->> 'kind' <> 'reported'), '[]'::jsonb)
       || COALESCE((
         SELECT jsonb_agg(jsonb_build_object('kind', 'reported', 'reason', x.reason, 'count', x.n, 'texts', x.texts)
                          ORDER BY x.reason)
         FROM (SELECT reason, count(*)::int AS n,
                 to_jsonb(COALESCE((array_agg(text ORDER BY id DESC) FILTER (WHERE text IS NOT NULL))[1:${TEXTS_SHOWN}],
                                   '{}'::text[])) AS texts
               FROM ad_reports WHERE review_id = $1 GROUP BY reason) x), '[]'::jsonb)
     WHERE id = $1`,
    [reviewId],
  );
  return { reviewId, counted: added.length > 0 };
}
