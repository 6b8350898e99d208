/**
 * The plan step's side calls (after-save-area.md §3, §4 "Broker lead flow", "Payment (commercial)", "Packages page",
 * §7): related brokers and the real-estate lead, the commercial agreement, invoice details and the phone-payment
 * request, the packages page and an ad's upgrade packages, campaign choices, and EasyStart's cancel (ours). Types in
 * ../planExtras.ts. The bodies are the wizard's forms: a number may come as text (the legacy form's values) and the
 * route checks each field itself, answering the spec's field errors; a field not named here is not read.
 */
import { z } from 'zod';
import { AD_TYPES } from '../orders.ts';
import { digits } from './common.ts';
import { EasyStartTrialSchema } from './myAds.ts';

/** An ad's number as a path carries it (text; anything else names no ad: 404). */
const adNumber = digits(15);

/** A form value as it arrives: text, or a number in JSON. */
const formValue = z.union([z.string(), z.number()]);

/** A value the route reads itself (its own Hebrew answer when it is not what the form sends). */
const readByRoute = z.unknown().optional();

// ---- Tracks as the plan step and the upgrade lists show them ----

/** One track or package (spec §3 "Order type (track) item"). */
export const OrderTypeItemSchema = z
  .object({
    adType: z.enum(AD_TYPES),
    customAdType: z.string().optional(),
    headerText: z.string(),
    /** The track's bullet lines. */
    description_inner: z.array(z.string()),
    /** Markdown (bold and line breaks only) of the track's visual effects. */
    descriptionEffects: z.string().optional(),
    /** Shekels, for display; 0 for a free track. */
    price: z.number(),
    /** Shekels without VAT, for display. */
    priceNotTax: z.number(),
    /** Ours: the amount charged, in agorot. */
    amountAgorot: z.number().int(),
    /** Ours: the card has the VIP styling. */
    vipStyle: z.boolean().optional(),
    /** A free track's price as text ('חינם'). */
    textPrice: z.string().optional(),
    days: z.number(),
    giftedDays: z.number(),
    iscommercial: z.boolean(),
    isbusinessforsale: z.boolean(),
    /** 1 when the track is a subscription (auto-renewing), else 0. */
    order_subscribe: z.union([z.literal(0), z.literal(1)]),
    /** The spec's numeric order type id: 1 Free, 2 Bold, 3 VIP… */
    orderType: z.number().int(),
    srcImage: z.string().optional(),
    /** The track's id in calls (pt_hash, packageHash). */
    hash: z.string(),
    title: z.string(),
    description: z.string(),
    buttonText: z.string(),
    dealColor: z.enum(['grey', 'pink', 'yellow']),
    /** Packages: buying goes through the contact form or straight to payment. */
    switchFormType: z.enum(['Contact', 'payment']).optional(),
    /** A package in use: ads left in it. */
    left: z.number().int().optional(),
    text: z.string().optional(),
    /** The free-trial offer of this track (EasyStart). */
    easyStart: z
      .object({
        days: z.number(),
        price: z.number(),
        adType: z.enum(AD_TYPES),
        easyStartParentPkg: z.object({ adType: z.enum(AD_TYPES), days: z.number() }),
      })
      .optional(),
    /** A package in use: its end date (dd-mm-yyyy) and whether it is a business-for-sale package. */
    packageInfo: z.object({ EndDate: z.string(), isB4SalePackage: z.boolean() }).optional(),
    catId: z.number().int(),
    /** The Premium package is labelled recommended. */
    recommended: z.boolean().optional(),
  })
  .meta({ id: 'OrderTypeItem' });

// ---- Brokers (cat 2 subcat 1) ----

export const RelatedBrokersParamsSchema = z.object({ orderID: adNumber });

/** One broker of the lead popup's list (spec §3 "Broker"); office_logo_url is same-origin or null. */
export const BrokerSchema = z.object({
  CustID: z.number().int(),
  office_name: z.string(),
  office_logo_url: z.string().nullable(),
  cityName: z.string(),
});

/** Brokers whose office is in the ad's city; none for an ad that is not a real-estate sale. */
export const RelatedBrokersResponseSchema = z.object({
  status: z.literal(200),
  brokers: z.array(BrokerSchema),
  /** The ad's city (CBS locality code); null when the ad is not a real-estate sale or has no city. */
  cityCode: z.number().int().nullable(),
  cityName: z.string().nullable(),
});

export const RealEstateLeadParamsSchema = z.object({ OrderID: adNumber });

/** The chosen brokers' ids (numbers or their digits); an empty list when the popup was closed. */
export const RealEstateLeadRequestSchema = z.object({ brokers: z.array(formValue).max(50) });

/** Ours: how many brokers the lead went to. */
export const RealEstateLeadResponseSchema = z.object({ status: z.literal(200), sent: z.number().int() });

// ---- Commercial payment ----

/** The commercial advertising agreement, sanitised HTML. */
export const AgreementResponseSchema = z.object({ status: z.literal(200), html: z.string() });

/** POST store-invoice-details (spec §3 "Invoice"): the fields are checked by the route, each with its message. */
export const InvoiceDetailsRequestSchema = z
  .looseObject({
    businessName: readByRoute,
    /** עוסק מורשה: an Israeli ID or company number with its check digit. */
    authorizedDealer: readByRoute,
    invoiceEmail: readByRoute,
    CatID: readByRoute,
    SubCatID: readByRoute,
    /** The ad (another account's or none: 404). */
    OrderID: readByRoute,
    RecordID: readByRoute,
    pt_hash: readByRoute,
    /** 2: phone payment. */
    paymentmethod: readByRoute,
  })
  .optional();

/** POST store-phone-payment-details (spec §3 "Phone payment"). */
export const PhonePaymentRequestSchema = z
  .looseObject({
    fullPhone1: readByRoute,
    fullPhone2: readByRoute,
    CatID: readByRoute,
    SubCatID: readByRoute,
    OrderID: readByRoute,
    pt_hash: readByRoute,
  })
  .optional();

/** Stored: 200; the phone payment request's state is ours ('requested': the business line calls back). */
export const StoreDetailsResponseSchema = z.object({
  status: z.literal(200),
  phonePaymentStatus: z.literal('requested').optional(),
});

/** A field's Hebrew messages by its name (the spec reads response.data.errors). */
export const StoreDetailsRefusalSchema = z.object({
  status: z.literal(400),
  errors: z.record(z.string(), z.array(z.string())),
});

// ---- Packages ----

export const GetPackagesQuerySchema = z.object({
  /** Packages on sale for this category only. */
  cat: z.string().max(20).optional(),
});

/** A package the customer bought (ours): ads in it are usable until 91 days after buying. */
export const CustomerPackageSchema = z.object({
  id: z.number().int(),
  CustID: z.number().int(),
  catId: z.number().int(),
  adType: z.enum(AD_TYPES),
  /** The offer it was bought from (package-offers' hash). */
  hash: z.string(),
  adsTotal: z.number().int(),
  adsUsed: z.number().int(),
  /** Ads left while usable, else 0. */
  left: z.number().int(),
  /** ISO times. */
  boughtAt: z.string(),
  usableUntil: z.string(),
  /** dd-mm-yyyy, as the track item's packageInfo.EndDate. */
  EndDate: z.string(),
  usable: z.boolean(),
});

/** Spec §3 "Packages response": error 1 'not connected' for a guest. */
export const GetPackagesResponseSchema = z.union([
  z.object({
    status: z.literal(200),
    error: z.literal(0),
    adData: z.object({
      /** The customer's packages, newest first. */
      packages: z.array(CustomerPackageSchema),
      /** Packages on sale (for the query's cat when given). */
      packagesOnSale: z.array(OrderTypeItemSchema),
    }),
  }),
  z.object({ status: z.literal(200), error: z.literal(1), message: z.literal('not connected'), text: z.string() }),
]);

/** POST /api/packages/lead (ours): the buy-package contact form of the /packages page, checked field by field. */
export const PackageLeadRequestSchema = z
  .looseObject({
    pt_hash: readByRoute,
    contactus_fullName: readByRoute,
    contactus_phone: readByRoute,
    contactus_email: readByRoute,
  })
  .optional();

/** Sent, or each refused field's Hebrew message ('שדה {label} אינו תקני'). */
export const PackageLeadResponseSchema = z.union([
  z.object({ status: z.literal(200), sent: z.literal(true) }),
  z.object({ status: z.literal(200), errors: z.record(z.string(), z.string()) }),
]);

export const PersonalPackagesParamsSchema = z.object({ adId: adNumber });

/** The upgrade packages for one of the owner's ads (none for a draft or an ad off the board). */
export const PersonalPackagesResponseSchema = z.object({ status: z.literal(200), msg: z.array(OrderTypeItemSchema) });

// ---- Campaigns ----

/** POST /api/publish/campaign/save: the ticked campaigns' ids (the route checks each is offered to the ad). */
export const CampaignSaveRequestSchema = z.object({
  /** The ad (another account's or none: 404). */
  orderID: readByRoute,
  campaigns: z.array(z.string().max(100)).max(20),
  /** Ours: the car's registration plate, when a chosen campaign asks for it. */
  registrationPlate: readByRoute,
});

/** Ours: `saved` counts the leads new this time. */
export const CampaignSaveResponseSchema = z.object({ status: z.literal(200), saved: z.number().int() });

// ---- EasyStart (ours) ----

export const EasyStartCancelParamsSchema = z.object({ id: adNumber });

/** The ad's trial, cancelled, as /my-ads shows it. */
export const EasyStartCancelResponseSchema = z.object({ status: z.literal(200), easyStart: EasyStartTrialSchema });
