import type { Queryable } from '../platform/db/db.ts';

/** A real-estate broker's office (migration 0015). */
export interface BrokerOffice {
  customerId: number;
  officeName: string;
  officeLogoUrl: string | null;
  cityCode: number;
}

interface Row {
  customer_id: number;
  office_name: string;
  office_logo_url: string | null;
  city_code: number;
}

const toOffice = (r: Row): BrokerOffice => ({
  customerId: Number(r.customer_id),
  officeName: r.office_name,
  officeLogoUrl: r.office_logo_url,
  cityCode: r.city_code,
});

export async function upsertBrokerOffice(db: Queryable, office: BrokerOffice): Promise<void> {
  await db.query(
    `INSERT INTO broker_offices (customer_id, office_name, office_logo_url, city_code) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id) DO UPDATE
       SET office_name = EXCLUDED.office_name, office_logo_url = EXCLUDED.office_logo_url,
           city_code = EXCLUDED.city_code`,
    [office.customerId, office.officeName, office.officeLogoUrl, office.cityCode],
  );
}

/** The brokers whose office is in a city, by office name. */
export async function brokersInCity(db: Queryable, cityCode: number): Promise<BrokerOffice[]> {
  const rows = await db.query<Row>(
    'SELECT * FROM broker_offices WHERE city_code = $1 ORDER BY office_name, customer_id',
    [cityCode],
  );
  return rows.map(toOffice);
}

/** Stores one lead per broker (a repeated one is kept once); returns how many were new. */
export async function insertRealEstateLeads(
  db: Queryable,
  adId: number,
  brokerIds: number[],
  at: Date,
): Promise<number> {
  if (brokerIds.length === 0) return 0;
  const rows = await db.query(
    `INSERT INTO real_estate_leads (ad_id, broker_id, created_at)
     SELECT $1, b, $3 FROM unnest($2::bigint[]) AS b
     ON CONFLICT DO NOTHING RETURNING broker_id`,
    [adId, brokerIds, at.toISOString()],
  );
  return rows.length;
}

export async function leadsOfAd(db: Queryable, adId: number): Promise<number[]> {
  const rows = await db.query<{ broker_id: number }>(
    'SELECT broker_id FROM real_estate_leads WHERE ad_id = $1 ORDER BY broker_id',
    [adId],
  );
  return rows.map((r) => Number(r.broker_id));
}
