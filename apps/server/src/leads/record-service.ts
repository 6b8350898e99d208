/**
 * Records a lead the publishing flow collected, for its owner (packages/catalog/data/lead-owners.json): one row per
 * owner with what that owner is sent, and a 'lead.mail' job that mails it (mail-jobs.ts). The flows call
 * `recordLead` right after storing the lead in their own table; recording the same lead again changes nothing.
 *
 * What an owner is sent is what the advertiser agreed to share, nothing more: a broker office and a campaign's
 * partner get the ad's contact name and the phone the ad shows (the virtual number when the advertiser hid the real
 * one; none while it has no virtual number yet), since the advertiser chose them to call back; the trade-in partner
 * and the sales team get the details typed into their own form; the catalogue team gets the missing sub-model or
 * address and no one's details. Never an account's e-mail (but the one typed into the package form), customer id,
 * password or other ads.
 */

import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { type LeadOwnerRule, leadKindRow, leadPartner, leadTeam } from '@app/catalog/leadOwners';
import { findAdPackage } from '@app/catalog/packages';
import { manufacturerById, modelById, subModelById } from '@app/catalog/vehicles/lookup';
import type { LeadKind } from '@app/contract/leads';
import { formatPhone } from '@app/contract/phones';
import { addressData } from '../catalogue/address-data.ts';
import { CAMPAIGNS } from '../catalogue/campaigns.ts';
import { heLeads } from '../i18n/leads.ts';
import { findVirtualPhone } from '../phones/phone-repository.ts';
import { type Db, type Queryable, signalAfterCommit } from '../platform/db/db.ts';
import { scheduleJob } from '../platform/jobs/jobs-repository.ts';
import { brokerOfficesOf, insertLeads, type LeadFact, type NewLead } from './leads-repository.ts';

export const LEAD_MAIL_JOB = 'lead.mail';
/** The mail of a lead is written once; its delivery is the mail queue's, with its own retries. */
const LEAD_MAIL_ATTEMPTS = 10;

/** The ad a lead is about, as the flow holds it. */
export interface LeadAd {
  orderId: number;
  customerId: number;
  values: Readonly<Record<string, string | string[]>>;
}

export type LeadInput =
  | { kind: 'broker'; ad: LeadAd; brokerIds: number[] }
  | { kind: 'campaign'; ad: LeadAd; campaigns: { campaignId: string; plate: string | null }[] }
  | {
      kind: 'trade-in';
      source: number;
      adId: number | null;
      name: string;
      phone: string;
      car: Record<string, string>;
    }
  | {
      kind: 'package';
      source: number;
      adId: number | null;
      packageHash: string;
      fullName: string;
      phone: string;
      email: string;
    }
  | {
      kind: 'missing-sub-model';
      source: number;
      adId: number | null;
      subModel: string;
      details: Partial<Record<string, string>>;
    }
  | { kind: 'missing-address'; source: number; settlement: string; street: string; houseNumber: string };

const F = heLeads.fact;
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
/** The facts that have a value, in order. */
const facts = (pairs: [string, string | null | undefined][]): LeadFact[] =>
  pairs
    .filter((p): p is [string, string] => typeof p[1] === 'string' && p[1] !== '')
    .map(([label, value]) => ({
      label,
      value,
    }));
const idOf = (v: string | undefined): number | undefined => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** The ad's contact name and the phone it shows (the virtual number when the real one is hidden). */
async function adContact(db: Queryable, ad: LeadAd): Promise<LeadFact[]> {
  const phone = text(ad.values[CONTACT_FIELDS.phone1]);
  const hidden = text(ad.values[CONTACT_FIELDS.virtualNum]) !== '0';
  const shown = !phone
    ? null
    : hidden
      ? ((await findVirtualPhone(db, ad.customerId, phone))?.virtualPhone ?? null)
      : phone;
  return facts([
    [F.contactName, text(ad.values[CONTACT_FIELDS.name])],
    [F.phone, shown ? formatPhone(shown) : null],
  ]);
}

function carFacts(car: Partial<Record<string, string>>): LeadFact[] {
  const model = idOf(car.model) === undefined ? undefined : modelById(Number(car.model));
  const makeId = model?.manufacturerId ?? idOf(car.manufacturer);
  const subModel = idOf(car.subModel) === undefined ? undefined : subModelById(Number(car.subModel));
  return facts([
    [F.manufacturer, makeId === undefined ? null : manufacturerById(makeId)?.name],
    [F.model, model?.name],
    [F.year, car.year],
    [F.subModel, subModel?.SubModel],
    [F.km, car.km],
    [F.hand, car.hand],
  ]);
}

/** A team or partner owner of a kind, as the data names it. */
function ruledOwner(rule: LeadOwnerRule): Pick<NewLead, 'ownerType' | 'ownerRef' | 'ownerName'> {
  if (rule.type === 'team') {
    const team = leadTeam(rule.team);
    if (!team) throw new Error(`lead team ${rule.team} is not in lead-owners.json`);
    return { ownerType: 'team', ownerRef: team.id, ownerName: team.name };
  }
  if (rule.type === 'partner') {
    const partner = leadPartner(rule.partner);
    if (!partner) throw new Error(`lead partner ${rule.partner} is not in lead-owners.json`);
    return { ownerType: 'partner', ownerRef: partner.id, ownerName: partner.name };
  }
  throw new Error(`lead owner ${rule.type} is chosen by the advertiser`);
}

/** The rows of a lead: one per owner. */
async function leadsOf(db: Queryable, input: LeadInput): Promise<NewLead[]> {
  const kind: LeadKind = input.kind;
  switch (input.kind) {
    case 'broker': {
      const ad = input.ad;
      const city = addressData().locality.get(Number(text(ad.values.city)))?.name;
      const shared = [
        ...facts([
          [F.adId, String(ad.orderId)],
          [F.city, city],
          [F.price, text(ad.values.price)],
        ]),
        ...(await adContact(db, ad)),
      ];
      const offices = await brokerOfficesOf(db, input.brokerIds);
      return offices.map((o) => ({
        kind,
        source: `ad:${ad.orderId}`,
        adId: ad.orderId,
        ownerType: 'broker',
        ownerRef: String(o.customerId),
        ownerName: o.officeName,
        facts: shared,
      }));
    }
    case 'campaign': {
      const ad = input.ad;
      const contact = await adContact(db, ad);
      return input.campaigns.flatMap(({ campaignId, plate }) => {
        const partner = leadPartner(campaignId);
        const campaign = CAMPAIGNS.find((c) => c.id === campaignId);
        if (!partner || !campaign) return [];
        return [
          {
            kind,
            source: `ad:${ad.orderId}`,
            adId: ad.orderId,
            ownerType: 'partner' as const,
            ownerRef: partner.id,
            ownerName: partner.name,
            facts: [
              ...facts([
                [F.campaign, campaign.name],
                [F.adId, String(ad.orderId)],
              ]),
              ...contact,
              ...facts([[F.plate, plate]]),
            ],
          },
        ];
      });
    }
    case 'trade-in':
      return [
        {
          kind,
          source: `trade_in_leads:${input.source}`,
          adId: input.adId,
          ...ruledOwner(leadKindRow(kind).owner),
          facts: [
            ...facts([
              [F.contactName, input.name],
              [F.phone, formatPhone(input.phone)],
              [F.adId, input.adId === null ? null : String(input.adId)],
            ]),
            ...carFacts(input.car),
          ],
        },
      ];
    case 'package':
      return [
        {
          kind,
          source: `package_leads:${input.source}`,
          adId: input.adId,
          ...ruledOwner(leadKindRow(kind).owner),
          facts: facts([
            [F.packageTitle, findAdPackage(input.packageHash)?.title ?? input.packageHash],
            [F.contactName, input.fullName],
            [F.phone, formatPhone(input.phone)],
            [F.email, input.email],
            [F.adId, input.adId === null ? null : String(input.adId)],
          ]),
        },
      ];
    case 'missing-sub-model': {
      const d = input.details;
      const car = carFacts({ manufacturer: d.missingManufacturerID, model: d.missingModelID, year: d.missingYear });
      return [
        {
          kind,
          source: `missing_sub_models:${input.source}`,
          adId: input.adId,
          ...ruledOwner(leadKindRow(kind).owner),
          facts: [
            ...facts([[F.reportedSubModel, input.subModel]]),
            ...(car.length > 0
              ? car
              : facts([
                  [F.manufacturer, d.missingManufacturer],
                  [F.model, d.missingModel],
                  [F.year, d.missingYear],
                ])),
            ...facts([
              [F.engineSize, d.missingEngineSize ?? d.engineSize],
              [F.adId, input.adId === null ? null : String(input.adId)],
            ]),
          ],
        },
      ];
    }
    case 'missing-address':
      return [
        {
          kind,
          source: `missing_addresses:${input.source}`,
          adId: null,
          ...ruledOwner(leadKindRow(kind).owner),
          facts: facts([
            [F.settlement, input.settlement],
            [F.street, input.street],
            [F.houseNumber, input.houseNumber],
          ]),
        },
      ];
  }
}

/**
 * Records a lead for its owners and schedules each one's mail, in one transaction; the ids of the rows it added (none
 * when the lead was recorded before).
 */
export async function recordLead(db: Db, at: Date, input: LeadInput): Promise<number[]> {
  const rows = await leadsOf(db, input);
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const ids = await insertLeads(tx, rows, at);
    for (const id of ids) {
      await scheduleJob(
        tx,
        { kind: LEAD_MAIL_JOB, key: `lead:${id}`, runAt: at, payload: { leadId: id }, maxAttempts: LEAD_MAIL_ATTEMPTS },
        at,
      );
    }
    // The owner's mail is written right after the commit, by this process (mail-jobs.ts wakes this kind only).
    if (ids.length > 0) signalAfterCommit(tx, LEAD_MAIL_JOB);
    return ids;
  });
}
