import type { Queryable } from '../platform/db/db.ts';

export interface MissingAddressReport {
  settlement: string;
  settlementCode: number | null;
  street: string;
  houseNumber: string;
  customerId: number | null;
}

export interface StoredMissingAddress extends MissingAddressReport {
  id: number;
  status: 'new' | 'added' | 'rejected';
  createdAt: Date;
}

/** Keeps a report for a person to review (status 'new'). */
export async function insertMissingAddress(db: Queryable, report: MissingAddressReport, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO missing_addresses (settlement, settlement_code, street, house_number, customer_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [report.settlement, report.settlementCode, report.street, report.houseNumber, report.customerId, now],
  );
  if (!row) throw new Error('missing address insert returned nothing');
  return Number(row.id);
}

/** Reports waiting for review, oldest first. */
export async function pendingMissingAddresses(db: Queryable, limit = 100): Promise<StoredMissingAddress[]> {
  const rows = await db.query<{
    id: number;
    settlement: string;
    settlement_code: number | null;
    street: string;
    house_number: string;
    customer_id: number | null;
    status: StoredMissingAddress['status'];
    created_at: Date;
  }>("SELECT * FROM missing_addresses WHERE status = 'new' ORDER BY created_at, id LIMIT $1", [limit]);
  return rows.map((r) => ({
    id: Number(r.id),
    settlement: r.settlement,
    settlementCode: r.settlement_code,
    street: r.street,
    houseNumber: r.house_number,
    customerId: r.customer_id === null ? null : Number(r.customer_id),
    status: r.status,
    createdAt: new Date(r.created_at),
  }));
}
