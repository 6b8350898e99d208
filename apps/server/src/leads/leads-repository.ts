/** SQL of the leads (migration 0046): record, take one to mail, the console's pages, mark handled. */
import type { LeadDelivery, LeadKind, LeadStatus } from '@app/contract/leads';
import type { Queryable } from '../platform/db/db.ts';

export type LeadOwnerType = 'broker' | 'partner' | 'team';

export interface LeadFact {
  label: string;
  value: string;
}

export interface NewLead {
  kind: LeadKind;
  source: string;
  adId: number | null;
  ownerType: LeadOwnerType;
  ownerRef: string;
  ownerName: string;
  facts: LeadFact[];
}

export interface StoredLead extends NewLead {
  id: number;
  ownerAddress: string | null;
  status: LeadStatus;
  handledBy: string | null;
  handledAt: Date | null;
  delivery: LeadDelivery;
  createdAt: Date;
}

interface Row {
  id: number | string;
  kind: LeadKind;
  source: string;
  ad_id: number | string | null;
  owner_type: LeadOwnerType;
  owner_ref: string;
  owner_name: string;
  owner_address: string | null;
  facts: LeadFact[] | string;
  status: LeadStatus;
  handled_by_name: string | null;
  handled_at: Date | string | null;
  mailed_at: Date | string | null;
  mail_id: number | string | null;
  mail_status: 'pending' | 'sent' | 'failed' | null;
  mail_error: string | null;
  created_at: Date | string;
}

/**
 * The mail's state: not written yet, or queued and not tried or not taken yet (waiting); taken by the server or
 * written to the sandbox's outbox (sent); refused so far or for good (failing). A queue row the queue forgot (it keeps
 * delivered and abandoned messages 30 days) reads as sent. An owner without an address (a broker office closed) is failing.
 */
function deliveryOf(r: Row): LeadDelivery {
  if (r.mailed_at === null) return 'waiting';
  if (r.owner_address === null) return 'failing'; // the owner had no address when the mail was due
  if (r.mail_id === null || r.mail_status === null || r.mail_status === 'sent') return 'sent';
  if (r.mail_status === 'failed' || r.mail_error !== null) return 'failing';
  return 'waiting';
}

const toLead = (r: Row): StoredLead => ({
  id: Number(r.id),
  kind: r.kind,
  source: r.source,
  adId: r.ad_id === null ? null : Number(r.ad_id),
  ownerType: r.owner_type,
  ownerRef: r.owner_ref,
  ownerName: r.owner_name,
  ownerAddress: r.owner_address,
  facts: typeof r.facts === 'string' ? (JSON.parse(r.facts) as LeadFact[]) : r.facts,
  status: r.status,
  handledBy: r.handled_by_name,
  handledAt: r.handled_at === null ? null : new Date(r.handled_at),
  delivery: deliveryOf(r),
  createdAt: new Date(r.created_at),
});

const SELECT = `SELECT l.*, s.name AS handled_by_name, q.status AS mail_status, q.last_error AS mail_error
  FROM leads l LEFT JOIN staff s ON s.id = l.handled_by LEFT JOIN mail_queue q ON q.id = l.mail_id`;

/** Stores the leads not stored before (by kind, source and owner); the ids of the new ones. */
export async function insertLeads(db: Queryable, leads: NewLead[], at: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const l of leads) {
    const [row] = await db.query<{ id: number | string }>(
      `INSERT INTO leads (kind, source, ad_id, owner_type, owner_ref, owner_name, facts, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (kind, source, owner_ref) DO NOTHING RETURNING id`,
      [l.kind, l.source, l.adId, l.ownerType, l.ownerRef, l.ownerName, JSON.stringify(l.facts), at],
    );
    if (row) ids.push(Number(row.id));
  }
  return ids;
}

/** The broker offices of these accounts, with the accounts' addresses (an unknown id is left out). */
export async function brokerOfficesOf(
  db: Queryable,
  ids: number[],
): Promise<{ customerId: number; officeName: string; email: string }[]> {
  const rows = await db.query<{ customer_id: number | string; office_name: string; email: string }>(
    `SELECT b.customer_id, b.office_name, c.email FROM broker_offices b JOIN customers c ON c.id = b.customer_id
      WHERE b.customer_id = ANY($1::bigint[]) ORDER BY b.customer_id`,
    [ids],
  );
  return rows.map((r) => ({ customerId: Number(r.customer_id), officeName: r.office_name, email: r.email }));
}

/** A broker office's account address (null when the office or account is gone). */
export async function brokerAddress(db: Queryable, customerId: number): Promise<string | null> {
  const [row] = await db.query<{ email: string }>(
    'SELECT c.email FROM broker_offices b JOIN customers c ON c.id = b.customer_id WHERE b.customer_id = $1',
    [customerId],
  );
  return row?.email ?? null;
}

/**
 * Claims a lead's mail: marks it written, once, and answers the lead; null when its mail was written already. Run in
 * the transaction that writes the mail, so the mark and the mail exist together or not at all.
 */
export async function claimLeadMail(tx: Queryable, id: number, now: Date): Promise<StoredLead | null> {
  const [row] = await tx.query<{ id: number | string }>(
    'UPDATE leads SET mailed_at = $2 WHERE id = $1 AND mailed_at IS NULL RETURNING id',
    [id, now],
  );
  return row ? findLead(tx, id) : null;
}

/** The address the lead's mail went to and its queue row (null with the sandbox's outbox). */
export async function recordLeadMail(tx: Queryable, id: number, address: string, mailId: number | null): Promise<void> {
  await tx.query('UPDATE leads SET owner_address = $2, mail_id = $3 WHERE id = $1', [id, address, mailId]);
}

export async function findLead(db: Queryable, id: number): Promise<StoredLead | null> {
  const [row] = await db.query<Row>(`${SELECT} WHERE l.id = $1`, [id]);
  return row ? toLead(row) : null;
}

export interface LeadFilters {
  kind?: LeadKind | undefined;
  status?: LeadStatus | undefined;
  /** The last row of the page before (newest first). */
  after?: { createdAt: Date; id: number } | undefined;
}

/**
 * A page of leads, newest first (keyset on created_at, id): only the conditions a filter sets are written, so the
 * planner walks one of the table's indexes (leads_newest, leads_by_kind, leads_by_status) from the cursor on.
 */
export async function listLeads(db: Queryable, f: LeadFilters, limit: number): Promise<StoredLead[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (f.kind) where.push(`l.kind = $${params.push(f.kind)}`);
  if (f.status) where.push(`l.status = $${params.push(f.status)}`);
  if (f.after) {
    const at = params.push(f.after.createdAt);
    where.push(`(l.created_at, l.id) < ($${at}::timestamptz, $${params.push(f.after.id)}::bigint)`);
  }
  const rows = await db.query<Row>(
    `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY l.created_at DESC, l.id DESC LIMIT $${params.push(limit)}`,
    params,
  );
  return rows.map(toLead);
}

/** Marks a new lead handled by a staff member; false when it was handled already (or is not there). */
export async function markLeadHandled(tx: Queryable, id: number, staffId: number, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE leads SET status = 'handled', handled_by = $2, handled_at = $3 WHERE id = $1 AND status = 'new'
     RETURNING id`,
    [id, staffId, at],
  );
  return rows.length > 0;
}
