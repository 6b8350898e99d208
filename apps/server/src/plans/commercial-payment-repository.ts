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

/** Whether the customer asked to pay for the ad by phone and the business line has not called back yet. */
export async function hasPhonePaymentRequest(
  db: Queryable,
  ad: { orderId: number; customerId: number },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM phone_payment_requests WHERE ad_id = $1 AND customer_id = $2 AND status = 'requested' LIMIT 1`,
    [ad.orderId, ad.customerId],
  );
  return rows.length > 0;
}

/** A campaign chosen for an ad, with the car's registration plate when the campaign asks for it. */
export interface CampaignLead {
  campaignId: string;
  plate: string | null;
}

/**
 * Stores the campaigns chosen for an ad, each once (a repeat only updates the plate); returns how many leads were
 * new.
 */
export async function insertCampaignLeads(
  db: Queryable,
  adId: number,
  leads: CampaignLead[],
  at: Date,
): Promise<number> {
  if (leads.length === 0) return 0;
  const rows = await db.query<{ inserted: boolean }>(
    `INSERT INTO campaign_leads (ad_id, campaign_id, plate, created_at)
     SELECT $1, c.id, c.plate, $4 FROM unnest($2::text[], $3::text[]) AS c (id, plate)
     ON CONFLICT (ad_id, campaign_id) DO UPDATE SET plate = EXCLUDED.plate
       WHERE campaign_leads.plate IS DISTINCT FROM EXCLUDED.plate
     RETURNING (xmax = 0) AS inserted`,
    [adId, leads.map((l) => l.campaignId), leads.map((l) => l.plate), at.toISOString()],
  );
  return rows.filter((r) => r.inserted).length;
}
