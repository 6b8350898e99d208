/**
 * "My ads" (ours; the upgrade link of after-save-area.md §4 "Ad-strength meter" opens /my-ads?upgrade={id}): the
 * customer's ads with a title a person recognises, where each stands and how many days it has left.
 */
import { manufacturerById, modelById } from '@app/catalog/vehicles/lookup';
import type { AdType } from '@app/contract/orders';
import type { MyAd } from '@app/contract/planExtras';
import type { Queryable } from '../db/db.ts';
import { planExtrasHe as he } from '../i18n/plan-extras.ts';
import type { FieldValues } from '../repositories/drafts.ts';
import { addressData } from './address-data.ts';

const DAY_MS = 86_400_000;

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' && v !== '-1' ? v.trim() : typeof v === 'number' ? String(v) : null;
const code = (v: unknown): number | undefined => {
  const t = text(v);
  return t !== null && /^\d{1,9}$/.test(t) ? Number(t) : undefined;
};

/** A title from the ad's values: its own title, a car's make and model, a property's address, else its number. */
export function adTitle(orderId: number, values: FieldValues): string {
  const own = text(values.title);
  if (own) return own;
  const manufacturer = code(values.manufacturer);
  if (manufacturer !== undefined) {
    const make = manufacturerById(manufacturer)?.name;
    const modelId = code(values.model);
    const model = modelId === undefined ? text(values.model) : (modelById(modelId)?.name ?? null);
    const car = [make, model].filter(Boolean).join(' ');
    if (car) return car;
  }
  const cityCode = code(values.city);
  if (cityCode !== undefined) {
    const data = addressData();
    const city = data.locality.get(cityCode)?.name;
    const streetCode = code(values.street);
    const street =
      streetCode === undefined ? undefined : data.streets.get(cityCode)?.find((s) => s.code === streetCode)?.name;
    const house = text(values.homeNumber);
    const line = street ? [street, house].filter(Boolean).join(' ') : null;
    const place = [line, city].filter(Boolean).join(', ');
    if (place) return place;
  }
  return he.adTitle(orderId);
}

interface Row {
  id: number;
  cat: number;
  subcat: number | null;
  status: MyAd['status'];
  ad_type: AdType | null;
  ends_at: Date | string | null;
  field_values: FieldValues;
  awaiting_payment: boolean;
  refund_status: 'pending' | 'refunded' | null;
  refund_agorot: number | null;
  auto_bump_until: Date | string | null;
}

/** The customer's ads (not the reserved holders of photos, not deleted ones), newest first. */
export async function myAds(db: Queryable, customerId: number, now: Date): Promise<MyAd[]> {
  const rows = await db.query<Row>(
    `SELECT id, cat, subcat, status, ad_type, ends_at, field_values,
       EXISTS (SELECT 1 FROM payments p WHERE p.ad_id = ads.id AND p.customer_id = ads.customer_id
         AND p.purpose IN ('track', 'ad_package') AND p.status = 'created') AS awaiting_payment,
       r.refund_status, r.amount_agorot AS refund_agorot,
       (SELECT max(w.ends_at) FROM auto_bump_weeks w
         WHERE w.ad_id = ads.id AND w.stopped_at IS NULL AND w.ends_at > $2
         HAVING min(w.starts_at) <= $2) AS auto_bump_until
     FROM ads
     LEFT JOIN LATERAL (SELECT p.refund_status, p.amount_agorot FROM payments p
       WHERE p.ad_id = ads.id AND p.customer_id = ads.customer_id AND p.refund_status IS NOT NULL
       ORDER BY p.id DESC LIMIT 1) r ON true
     WHERE customer_id = $1 AND status NOT IN ('reserved', 'deleted') ORDER BY id DESC`,
    [customerId, now],
  );
  return rows.map((r) => {
    const id = Number(r.id);
    const endsAt = r.ends_at === null ? null : new Date(r.ends_at);
    const live = r.status === 'active' || r.status === 'pending';
    const bumpUntil = live && r.auto_bump_until !== null ? new Date(r.auto_bump_until) : null;
    return {
      OrderID: id,
      title: adTitle(id, r.field_values),
      cat: r.cat,
      subcat: r.subcat,
      status: r.status,
      adType: r.ad_type,
      endsAt: endsAt?.toISOString() ?? null,
      // A draft whose track payment is open (started, neither paid nor failed): 'waiting for payment'.
      awaitingPayment: r.status === 'draft' && r.awaiting_payment === true,
      // A payment of the ad that delivered nothing (the ad was finished another way), refunded automatically.
      refund: r.refund_status ? { status: r.refund_status, agorot: Number(r.refund_agorot) } : null,
      daysLeft: endsAt === null ? null : Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)),
      // A paid auto-bump week (services/auto-bump.ts) running now; weeks bought back to back end at the last one.
      autoBump: bumpUntil !== null,
      autoBumpUntil: bumpUntil?.toISOString() ?? null,
      editUrl: `/edit/${id}`,
      upgradeUrl: `/my-ads?upgrade=${id}`,
    };
  });
}
