import { packageUsableUntil } from '@app/catalog/packages';
import type { AdType } from '@app/contract/orders';
import type { Queryable } from '../platform/db/db.ts';

/** A package a customer bought (migration 0015): ads usable until bought_at + 91 days. */
export interface CustomerPackageRow {
  id: number;
  customerId: number;
  cat: number;
  adType: AdType;
  hash: string;
  adsTotal: number;
  adsUsed: number;
  boughtAt: Date;
  usableUntil: Date;
}

export interface CustomerPackageDbRow {
  id: number;
  customer_id: number;
  cat: number;
  ad_type: AdType;
  package_hash: string;
  ads_total: number;
  ads_used: number;
  bought_at: Date | string;
  usable_until: Date | string;
}

export const toPackage = (r: CustomerPackageDbRow): CustomerPackageRow => ({
  id: Number(r.id),
  customerId: Number(r.customer_id),
  cat: r.cat,
  adType: r.ad_type,
  hash: r.package_hash,
  adsTotal: r.ads_total,
  adsUsed: r.ads_used,
  boughtAt: new Date(r.bought_at),
  usableUntil: new Date(r.usable_until),
});

/** Records a bought package (the payment's confirmation calls this); the window is set from boughtAt. */
export async function insertCustomerPackage(
  db: Queryable,
  p: {
    customerId: number;
    cat: number;
    adType: AdType;
    hash: string;
    adsTotal: number;
    boughtAt: Date;
    paymentId?: number;
  },
): Promise<CustomerPackageRow> {
  const [row] = await db.query<CustomerPackageDbRow>(
    `INSERT INTO customer_packages (customer_id, cat, ad_type, package_hash, ads_total, bought_at, usable_until,
       payment_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [
      p.customerId,
      p.cat,
      p.adType,
      p.hash,
      p.adsTotal,
      p.boughtAt.toISOString(),
      packageUsableUntil(p.boughtAt).toISOString(),
      p.paymentId ?? null,
    ],
  );
  if (!row) throw new Error('package not inserted');
  return toPackage(row);
}

/** The customer's packages, newest first. */
export async function packagesOfCustomer(db: Queryable, customerId: number): Promise<CustomerPackageRow[]> {
  const rows = await db.query<CustomerPackageDbRow>(
    'SELECT * FROM customer_packages WHERE customer_id = $1 ORDER BY bought_at DESC, id DESC',
    [customerId],
  );
  return rows.map(toPackage);
}

/** One of the customer's packages, its row locked until the transaction ends (using one of its ads), or null. */
export async function lockCustomerPackage(
  tx: Queryable,
  customerId: number,
  id: number,
): Promise<CustomerPackageRow | null> {
  const [row] = await tx.query<CustomerPackageDbRow>(
    'SELECT * FROM customer_packages WHERE id = $1 AND customer_id = $2 FOR UPDATE',
    [id, customerId],
  );
  return row ? toPackage(row) : null;
}

/** Uses one ad of a locked package (the table's check refuses more than it holds). */
export async function usePackageAd(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE customer_packages SET ads_used = ads_used + 1 WHERE id = $1', [id]);
}
