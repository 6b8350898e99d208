/**
 * What finance reads of the payments: the list by filters (newest first, a page after a keyset cursor), the ones
 * that need a hand (a refund not confirmed by the provider yet, a paid ad a moderator refused), one payment with its
 * refunds, and a day's totals by provider and by track.
 */
import { upgradeTitleOf } from '@app/catalog/packages';
import { trackOfType, trackTitleOfType } from '@app/catalog/tracks';
import type { PaymentItem } from '@app/contract/operator';
import type { DayTotalsLines } from '@app/contract/schemas/finance';
import { DAY_BUYING_PURPOSES } from '../payments/repository.ts';
import type { Queryable } from '../platform/db/db.ts';

/** What a payment bought, in Hebrew: its category's track, else a one-ad upgrade or a track of that type. */
export const boughtTitle = (adType: string, cat: number | null, subcat: number | null): string | undefined =>
  (cat !== null ? trackOfType({ cat, subcat: subcat ?? undefined }, adType)?.title : undefined) ??
  upgradeTitleOf(adType) ??
  trackTitleOfType(adType);

interface Row {
  id: string;
  public_id: string;
  customer_id: string;
  email: string;
  ad_id: string | null;
  purpose: string;
  ad_type: string;
  amount_agorot: number;
  refunded_agorot: number;
  channel: string;
  provider: string;
  /** The table's checks keep both to the contract's values (migrations 0012 and 0027). */
  status: PaymentItem['status'];
  refund_status: PaymentItem['refundStatus'];
  ad_status: string | null;
  cat: number | null;
  subcat: number | null;
  created_at: Date;
  paid_at: Date | null;
}

const SELECT = `SELECT p.id, p.public_id, p.customer_id, c.email, p.ad_id, p.purpose, p.ad_type, p.amount_agorot,
    (CASE WHEN p.refund_status IS NOT NULL THEN p.amount_agorot ELSE 0 END
      + COALESCE((SELECT sum(s.amount_agorot) FROM staff_refunds s WHERE s.payment_id = p.id), 0))::int
      AS refunded_agorot,
    p.channel, p.provider, p.status, p.refund_status, a.status AS ad_status, a.cat, a.subcat,
    p.created_at, p.paid_at
  FROM payments p JOIN customers c ON c.id = p.customer_id LEFT JOIN ads a ON a.id = p.ad_id`;

const toItem = (r: Row): PaymentItem => ({
  publicId: r.public_id,
  customerId: Number(r.customer_id),
  email: r.email,
  adId: r.ad_id === null ? null : Number(r.ad_id),
  purpose: r.purpose,
  adType: r.ad_type,
  title: boughtTitle(r.ad_type, r.cat, r.subcat) ?? null,
  amountAgorot: Number(r.amount_agorot),
  refundedAgorot: Number(r.refunded_agorot),
  channel: r.channel,
  provider: r.provider,
  status: r.status,
  refundStatus: r.refund_status,
  adStatus: r.ad_status,
  cat: r.cat,
  subcat: r.subcat,
  createdAt: new Date(r.created_at).toISOString(),
  paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
});

export interface PaymentFilters {
  status?: 'created' | 'paid' | 'failed' | 'cancelled' | undefined;
  provider?: string | undefined;
  customerEmail?: string | undefined;
  adId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** The last payment of the page before: (created_at, id). */
  after?: { createdAt: Date; id: number } | undefined;
}

export const PAGE = 50;

export async function listPayments(
  db: Queryable,
  f: PaymentFilters,
): Promise<{ items: PaymentItem[]; next: string | null }> {
  const rows = await db.query<Row>(
    `${SELECT}
     WHERE ($1::text IS NULL OR p.status = $1) AND ($2::text IS NULL OR p.provider = $2)
       AND ($3::text IS NULL OR lower(c.email) LIKE lower($3) || '%') AND ($4::bigint IS NULL OR p.ad_id = $4)
       AND ($5::timestamptz IS NULL OR p.created_at >= $5) AND ($6::timestamptz IS NULL OR p.created_at < $6)
       AND ($7::timestamptz IS NULL OR (p.created_at, p.id) < ($7::timestamptz, $8::bigint))
     ORDER BY p.created_at DESC, p.id DESC LIMIT ${PAGE}`,
    [
      f.status ?? null,
      f.provider ?? null,
      f.customerEmail ? f.customerEmail.replace(/[\\%_]/g, (c) => `\\${c}`) : null,
      f.adId ?? null,
      f.from ?? null,
      f.to ?? null,
      f.after?.createdAt ?? null,
      f.after?.id ?? 0,
    ],
  );
  const last = rows.at(-1);
  return {
    items: rows.map(toItem),
    next: rows.length === PAGE && last ? `${new Date(last.created_at).toISOString()}_${last.id}` : null,
  };
}

/**
 * The payments that need a hand, oldest first: a refund the provider has not confirmed (automatic or staff: the
 * jobs retry it meanwhile), and money for days an ad never had that its refusal did not give back: a paid track,
 * upgrade or auto-bump week of an ad a moderator refused before it was ever on the board, not refunded in full (one
 * staff had refunded part of, an upgrade of an ad published free or from a package, which keeps it for the edit
 * that sends it again). A live ad refused for its edit keeps what it used: not listed.
 */
export async function paymentsNeedingAttention(db: Queryable): Promise<PaymentItem[]> {
  const rows = await db.query<Row>(
    `${SELECT}
     WHERE p.refund_status = 'pending'
        OR EXISTS (SELECT 1 FROM staff_refunds s WHERE s.payment_id = p.id AND s.status = 'pending')
        OR (p.status = 'paid' AND a.status = 'rejected' AND p.refund_status IS NULL
            AND p.purpose = ANY($1::text[])
            AND p.amount_agorot > COALESCE((SELECT sum(s.amount_agorot) FROM staff_refunds s WHERE s.payment_id = p.id), 0)
            AND (SELECT r.stage FROM ad_reviews r WHERE r.ad_id = a.id ORDER BY r.id DESC LIMIT 1) = 'plan')
     ORDER BY p.created_at, p.id LIMIT ${PAGE}`,
    [DAY_BUYING_PURPOSES],
  );
  return rows.map(toItem);
}

export async function findPaymentItem(db: Queryable, publicId: string): Promise<(PaymentItem & { id: number }) | null> {
  const [row] = await db.query<Row>(`${SELECT} WHERE p.public_id = $1`, [publicId]);
  return row ? { ...toItem(row), id: Number(row.id) } : null;
}

/**
 * A day's money for reconciliation: payments paid in [start, end) by provider and by track, with what has been
 * refunded of them (automatic and staff refunds confirmed by the provider).
 */
export async function dayTotals(db: Queryable, start: Date, end: Date): Promise<DayTotalsLines> {
  const base = `WITH day AS (
      SELECT p.provider, p.ad_type, p.amount_agorot,
        (CASE WHEN p.refund_status = 'refunded' THEN p.amount_agorot ELSE 0 END
          + COALESCE((SELECT sum(s.amount_agorot) FROM staff_refunds s
                      WHERE s.payment_id = p.id AND s.status = 'refunded'), 0)) AS refunded
      FROM payments p WHERE p.status = 'paid' AND p.paid_at >= $1 AND p.paid_at < $2)`;
  const by = (column: string) =>
    db.query<{ key: string; n: number; paid: number; refunded: number }>(
      `${base} SELECT ${column} AS key, count(*)::int AS n, sum(amount_agorot)::int AS paid, sum(refunded)::int AS refunded
       FROM day GROUP BY ${column} ORDER BY ${column}`,
      [start, end],
    );
  const [providers, tracks] = await Promise.all([by('provider'), by('ad_type')]);
  const line = (r: { n: number; paid: number; refunded: number }) => ({
    payments: r.n,
    paidAgorot: Number(r.paid),
    refundedAgorot: Number(r.refunded),
  });
  return {
    byProvider: providers.map((r) => ({ provider: r.key, ...line(r) })),
    byTrack: tracks.map((r) => ({ adType: r.key, title: boughtTitle(r.key, null, null) ?? r.key, ...line(r) })),
  };
}
