/**
 * The plan step's side flows (after-save-area.md §3 "Broker", "Invoice", "Phone payment", "Campaign",
 * "Packages response", §4 "Broker lead flow", "Payment (commercial)", "Packages page", §7 calls, §9 the 91-day
 * ad-space window), and our "my ads" list. Field names on the wire are the spec's; shapes the spec does not show
 * are ours and say so. The buy-package contact form's rule is in buyPackageContact.ts, the ID check digit in
 * israeliId.ts. The answers' shapes are the schemas of schemas/planExtras.ts.
 */
import type { z } from 'zod';
import type {
  AgreementResponseSchema,
  BrokerSchema,
  CustomerPackageSchema,
  GetPackagesResponseSchema,
  PackageLeadResponseSchema,
  PersonalPackagesResponseSchema,
  RealEstateLeadResponseSchema,
  RelatedBrokersResponseSchema,
} from './schemas/planExtras.ts';

// ---- Broker lead flow (cat 2 subcat 1) ----

/** One broker of the lead popup's list (spec §3 "Broker"). office_logo_url is same-origin or null. */
export type Broker = z.infer<typeof BrokerSchema>;

/** GET /api/publish/get-related-brokers/{orderID}: brokers whose office is in the ad's city; empty otherwise. */
export type RelatedBrokersResponse = z.infer<typeof RelatedBrokersResponseSchema>;

/** POST /api/publish/real-estate-lead/{OrderID}: the chosen brokers (an empty list when the popup was closed). */
export interface RealEstateLeadRequest {
  brokers: (number | string)[];
}
/** Ours (the spec does not read it): how many brokers the lead went to. */
export type RealEstateLeadResponse = z.infer<typeof RealEstateLeadResponseSchema>;

// ---- Commercial payment (agreement, invoice details, phone payment) ----

/** GET /api/publish/commercial-payment/get-agreement: the agreement, sanitised HTML. */
export type AgreementResponse = z.infer<typeof AgreementResponseSchema>;

/** POST /api/publish/commercial-payment/store-invoice-details (spec §3 "Invoice"). */
export interface InvoiceDetailsRequest {
  businessName: string;
  /** עוסק מורשה: an Israeli ID or company number with its check digit. */
  authorizedDealer: string;
  invoiceEmail: string;
  CatID?: number | string;
  SubCatID?: number | string | null;
  OrderID: number | string;
  RecordID?: number | string;
  pt_hash?: string;
  /** 2: phone payment (spec §9). */
  paymentmethod?: number | string;
}

/** POST /api/publish/commercial-payment/store-phone-payment-details (spec §3 "Phone payment"). */
export interface PhonePaymentRequest {
  fullPhone1: string;
  fullPhone2?: string;
  CatID?: number | string;
  SubCatID?: number | string | null;
  OrderID: number | string;
  pt_hash?: string;
}

/** Both stores: 200 when stored; 400 with the field's Hebrew messages (the spec reads response.data.errors). */
export type FieldErrorLists = Record<string, string[]>;
export interface StoreDetailsResponse {
  status: 200 | 400;
  errors?: FieldErrorLists;
  /** Ours: a phone payment request's state; the business line calls back ('requested'). */
  phonePaymentStatus?: 'requested';
}

// ---- Packages ----

/** A package the customer bought (ours): ads in it are usable until 91 days after buying (spec §9). */
export type CustomerPackage = z.infer<typeof CustomerPackageSchema>;

/** GET /api/publish/get-packages (spec §3 "Packages response"): error 1 'not connected' for a guest. */
export type GetPackagesResponse = z.infer<typeof GetPackagesResponseSchema>;

/**
 * POST /api/packages/lead (ours): the buy-package contact form without an ad (the /packages page); with an ad it is
 * finish-publish's contact-form variant. Field errors are 'שדה {label} אינו תקני' (pt_hash: a package not on sale).
 */
export interface PackageLeadRequest {
  pt_hash: string;
  contactus_fullName: string;
  contactus_phone: string;
  contactus_email: string;
}
export type PackageLeadResponse = z.infer<typeof PackageLeadResponseSchema>;

/** GET {gateway}/packages/personal/{adId}: the upgrade packages for one of the owner's ads. */
export type PersonalPackagesResponse = z.infer<typeof PersonalPackagesResponseSchema>;

// ---- Campaigns ----

/**
 * A campaign (publish-wizard.md §3 "Campaign", after-save-area.md §3): a partner to whom the advertiser may pass a
 * lead. The fields response lists the campaigns of its selection in publishCampaigns; the wizard shows one on its
 * step while the ad's values meet its conditions, and the save chain sends the ticked ones (campaign/save).
 */
export interface Campaign {
  id: string;
  name: string;
  title: string;
  intro: string;
  description: string;
  content: string;
  image?: string;
  logo?: string;
  mobileImage?: string;
  desktopImage?: string;
  /** Field id to the value it must have, or a list of allowed values; none: the selection is enough. */
  conditions?: CampaignConditions;
  /** Ours: the campaign asks for the car's registration plate (after-save-area.md §3 "Toyota campaign"). */
  plate?: boolean;
}

export type CampaignConditions = Record<string, string | string[]>;

/**
 * Do the ad's values meet a campaign's conditions? A condition holds when the field's value (or one of a multiple
 * field's values) is the allowed value or one of the allowed list. The browser and the server decide with this.
 */
export function meetsCampaignConditions(
  conditions: CampaignConditions | undefined,
  values: Readonly<Record<string, string | string[] | undefined>>,
): boolean {
  return Object.entries(conditions ?? {}).every(([field, allowed]) => {
    const value = values[field];
    const have = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];
    const accepted = Array.isArray(allowed) ? allowed : [allowed];
    return have.some((v) => accepted.includes(v));
  });
}

/** A registration plate for a campaign (after-save-area.md §5 "Toyota plate"): 7 or 8 digits. */
export const CAMPAIGN_PLATE_MAX_LENGTH = 8;
export const isCampaignPlate = (text: string): boolean => /^\d{7,8}$/.test(text);

/** POST /api/publish/campaign/save. */
export interface CampaignSaveRequest {
  orderID: number | string;
  campaigns: string[];
  /** Ours: the car's registration plate, sent when a chosen campaign asks for it (`plate`). */
  registrationPlate?: string;
}

/** Ours: the answer of campaign/save (the browser does not read it); `saved` counts the leads new this time. */
export type CampaignSaveResponse = { status: 200; saved: number } | { status: 400; message: string };

// ---- My ads (ours) ----

/** One of the customer's ads in GET /api/my-ads (declared: schemas/myAds.ts). */
/** EasyStart's free week as the advertiser sees it (GET /api/my-ads, the cancel call). */
export type { EasyStartTrial, MyAd, MyAdsResponse } from './schemas/myAds.ts';
