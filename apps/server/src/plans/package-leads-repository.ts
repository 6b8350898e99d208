import type { Queryable } from '../platform/db/db.ts';

/** A 'contact me' request for a package (migration 0016). */
export interface PackageLeadInput {
  customerId: number;
  /** The ad the request came from, or null (the /packages page). */
  adId: number | null;
  packageHash: string;
  fullName: string;
  phone: string;
  email: string;
  at: Date;
}

/** Stores the request, or updates the open one of the same customer, package and ad; answers its id. */
export async function upsertPackageLead(db: Queryable, lead: PackageLeadInput): Promise<number> {
  const [row] = await db.query<{ id: number | string }>(
    `INSERT INTO package_leads (customer_id, ad_id, package_hash, full_name, phone, email, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (customer_id, package_hash, (COALESCE(ad_id, 0))) WHERE status = 'requested'
     DO UPDATE SET full_name = EXCLUDED.full_name, phone = EXCLUDED.phone, email = EXCLUDED.email,
       updated_at = EXCLUDED.updated_at
     RETURNING id`,
    [lead.customerId, lead.adId, lead.packageHash, lead.fullName, lead.phone, lead.email, lead.at.toISOString()],
  );
  if (!row) throw new Error('package lead not stored');
  return Number(row.id);
}
