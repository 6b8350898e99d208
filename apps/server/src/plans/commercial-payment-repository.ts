import type { Queryable } from '../platform/db/db.ts';
import type { InvoiceDetails, PhonePaymentDetails } from './commercial-details.ts';

/** The invoice details of an ad's commercial payment; a second answer replaces the first. */
export async function upsertInvoiceDetails(
  db: Queryable,
  row: { adId: number; customerId: number; ptHash: string | null; at: Date } & InvoiceDetails,
): Promise<void> {
  await db.query(
    `INSERT INTO invoice_details (ad_id, customer_id, business_name, authorized_dealer, invoice_email, pt_hash,
       updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (ad_id) DO UPDATE SET business_name = EXCLUDED.business_name,
       authorized_dealer = EXCLUDED.authorized_dealer, invoice_email = EXCLUDED.invoice_email,
       pt_hash = EXCLUDED.pt_hash, updated_at = EXCLUDED.updated_at`,
    [
      row.adId,
      row.customerId,
      row.businessName,
      row.authorizedDealer,
      row.invoiceEmail,
      row.ptHash,
      row.at.toISOString(),
    ],
  );
}

/**
 * A phone-payment request ('requested': the business line calls back). One open request per ad: asking again
 * updates its numbers and track. Returns the request's id.
 */
export async function upsertPhonePaymentRequest(
  db: Queryable,
  row: { adId: number; customerId: number; ptHash: string | null; at: Date } & PhonePaymentDetails,
): Promise<number> {
  const [r] = await db.query<{ id: number }>(
    `INSERT INTO phone_payment_requests (ad_id, customer_id, phone1, phone2, pt_hash, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'requested', $6, $6)
     ON CONFLICT (ad_id) WHERE status = 'requested' DO UPDATE SET phone1 = EXCLUDED.phone1,
       phone2 = EXCLUDED.phone2, pt_hash = EXCLUDED.pt_hash, updated_at = EXCLUDED.updated_at
     RETURNING id`,
    [row.adId, row.customerId, row.phone1, row.phone2, row.ptHash, row.at.toISOString()],
  );
  return Number(r?.id);
}

/** Stores the campaigns chosen for an ad (each once); returns how many were new. */
export async function insertCampaignLeads(db: Queryable, adId: number, ids: string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.query(
    `INSERT INTO campaign_leads (ad_id, campaign_id, created_at)
     SELECT $1, c, $3 FROM unnest($2::text[]) AS c
     ON CONFLICT DO NOTHING RETURNING campaign_id`,
    [adId, ids, at.toISOString()],
  );
  return rows.length;
}
