/**
 * The buy-package contact form (after-save-area.md §3 "Contact form (buy package)", §5, §7): the same rule for
 * finish-publish's contact-form variant (from an ad) and POST /api/packages/lead (the /packages page). Every
 * failing field gets 'שדה {label} אינו תקני' and nothing is stored; a valid form stores a 'contact me' lead for a
 * package of ads on sale (of the ad's category when there is an ad).
 */
import { findAdPackage } from '@app/catalog/packages';
import { checkBuyPackageContact } from '@app/contract/buyPackageContact';
import { plansHe } from '../i18n/plans.ts';
import { recordLead } from '../leads/record-service.ts';
import type { Db } from '../platform/db/db.ts';
import { upsertPackageLead } from './package-leads-repository.ts';

export type PackageLeadOutcome = { ok: true; leadId: number } | { ok: false; errors: Record<string, string> };

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export async function requestPackageLead(
  db: Db,
  at: Date,
  who: { customerId: number; ad: { orderId: number; cat: number } | null },
  body: Record<string, unknown>,
): Promise<PackageLeadOutcome> {
  const errors: Record<string, string> = { ...checkBuyPackageContact(body) };
  const hash = str(body.pt_hash);
  const offer = hash ? findAdPackage(hash) : undefined;
  if (!offer || (who.ad && offer.catId !== who.ad.cat)) errors.pt_hash = plansHe.packageUnknown;
  if (Object.keys(errors).length > 0 || !offer) return { ok: false, errors };
  const lead = {
    customerId: who.customerId,
    adId: who.ad?.orderId ?? null,
    packageHash: offer.hash,
    fullName: str(body.contactus_fullName).slice(0, 100),
    phone: str(body.contactus_phone).replace(/\s/g, ''),
    email: str(body.contactus_email),
  };
  const leadId = await upsertPackageLead(db, { ...lead, at });
  await recordLead(db, at, { kind: 'package', source: leadId, ...lead });
  return { ok: true, leadId };
}

/** Is this finish-publish body the contact-form variant (spec §7)? */
export const isContactFormVariant = (body: object): boolean =>
  'contactus_fullName' in body || 'contactus_phone' in body || 'contactus_email' in body;
