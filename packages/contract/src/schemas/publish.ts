/**
 * The publish wizard's core calls (publish-wizard.md §7; after-save-area.md §7): the trader check, the fields
 * answer, check-step, the server-side draft, save-ad, the finish of an edit (order-edited), the dependent option
 * lists, the car sub-models, the photos' reserved ad and the car sign's ad. Types in ../publish.ts and ../media.ts.
 *
 * The wizard's requests carry the ad's fields by the catalogue's names (a GET's query, with a list as repeated keys,
 * or a flat JSON body): the schemas name the selectors and the calls' own fields and keep every other field for the
 * route, which checks each against the catalogue and answers the spec's field errors (errFields), never a schema's
 * refusal. The fields answer is catalogue-driven and mostly sent as prepared bytes: its schema names its parts and
 * passes the rest as it is.
 */
import { z } from 'zod';
import { ALERT_ICONS, ALERT_TYPES } from '../alerts.ts';
import type { ReserveOrderResponse } from '../media.ts';
import {
  AD_TYPES,
  type ChooseOrderType,
  type FinishPageState,
  type FinishPublishResponse,
  type OrderTypeItem,
  PAYMENT_FAILURE_REASONS,
} from '../orders.ts';
import {
  type CarSubModelAggregates,
  type DraftResponse,
  type FieldsAdData,
  type OrderEditedResponse,
  type PublicAdResponse,
  type SaveAdResponse,
  SUB_MODEL_FILTERS,
} from '../publish.ts';
import { OrderTypeItemSchema } from './planExtras.ts';

/** A query value as Fastify reads it: text, or a list when the key is repeated. */
const queryValue = z.union([z.string(), z.array(z.string())]);

/** A field of a JSON body as a form sends it: text or a number. */
const formValue = z.union([z.string(), z.number()]).optional();

/** The selectors of a category's wizard (spec §2 Routes), each optional; readSelectors keeps the whole numbers. */
const selectorQuery = {
  cat: queryValue.optional(),
  subcat: queryValue.optional(),
  SalesCatID: queryValue.optional(),
  SalesSubCatID: queryValue.optional(),
  SalesSubCat3ID: queryValue.optional(),
  petType: queryValue.optional(),
  istrader: queryValue.optional(),
};
const selectorBody = {
  cat: formValue,
  subcat: formValue,
  SalesCatID: formValue,
  SalesSubCatID: formValue,
  SalesSubCat3ID: formValue,
  petType: formValue,
  istrader: formValue,
};

/** A wizard's query: its selectors, and the ad's fields by their catalogue names (`name[]` or a repeated key: a list). */
export const WizardQuerySchema = z.object(selectorQuery).catchall(queryValue);

/** An ad's field values by their wire names: text, or a list of texts. */
export const WireValuesSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The ad's number in a path: its digits (anything else names no ad: 404). */
export const AdIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/) });

// ---- check-trader ---------------------------------------------------------------------------------------------------

/** GET /api/publish/check-trader?cat&subcat&istrader. */
export const CheckTraderQuerySchema = z.object(selectorQuery).catchall(queryValue);

export const CheckTraderResponseSchema = z.object({
  /** 1: this selection is a trader flow for this customer (spec §4, §6). */
  isTrader: z.union([z.literal(0), z.literal(1)]),
  /** 6 for a trader flow, 1 for an order deal; absent without a category. */
  dealType: z.union([z.literal(1), z.literal(6)]).optional(),
});

// ---- fields ---------------------------------------------------------------------------------------------------------

/**
 * GET /api/publish/fields?<selectors>: with OrderID (the wizard's saved ad) adData names it; with area, that one
 * area alone (the contact area with the customer's details as values).
 */
export const FieldsQuerySchema = z
  .object({ ...selectorQuery, OrderID: queryValue.optional(), area: queryValue.optional() })
  .catchall(queryValue);

export const FieldsAdDataSchema = z.object({
  OrderID2: z.number().int().nullable(),
  OrderTypeID: z.number().int().nullable(),
  data: z.object({ virtual_num: z.enum(['0', '1']), virtual_num_canceled: z.enum(['0', '1']) }).optional(),
});

/**
 * The fields answer (FieldsResponse in ../publish.ts). Sent as prepared bytes (the answer everyone gets, the saved
 * ad's and the edit's) but for the contact area with the customer's details; the steps' definitions and the rules
 * are the catalogue's and pass as they are, as does any part not named here.
 */
export const FieldsResponseSchema = z.looseObject({
  /** The steps (areas) with their fields: the form engine's StepDef[]. */
  fields: z.array(z.unknown()),
  catalogId: z.string(),
  firstStep: z.union([z.literal(0), z.literal(1)]),
  adData: FieldsAdDataSchema,
  publishRedirects: z.array(z.unknown()),
  publishCampaigns: z.array(z.unknown()),
  cat: z.number().int(),
  subcat: z.number().int().nullable(),
  disallowDecreasePricePopup: z.boolean(),
  /** The saved values (edit mode), or the customer's details (the contact area). */
  values: z.record(z.string(), z.unknown()).optional(),
  lockedValues: z.record(z.string(), z.unknown()).optional(),
  adTitle: z.string().optional(),
});

/** 404: no catalogue for the selection (the spec's empty list of steps beside the message). */
export const NoCatalogueSchema = z.object({
  status: z.literal(404),
  message: z.string(),
  fields: z.array(z.unknown()).optional(),
});

export const FieldsAdParamsSchema = z.object({ adId: z.string().regex(/^\d{1,15}$/) });

// ---- check-step -----------------------------------------------------------------------------------------------------

/** GET /api/publish/check-step?<selectors>&check_area=…&<field values>: the ad up to that step checked. */
export const CheckStepQuerySchema = z
  .object({ ...selectorQuery, check_area: queryValue.optional(), ab: queryValue.optional() })
  .catchall(queryValue);

export const CheckStepResponseSchema = z.object({ errors: z.null() });

/** The spec's 500 with the field errors (publish-wizard.md §7). */
export const CheckStepErrorsSchema = z.object({
  errors: z.record(z.string(), z.string()),
  errFields: z.record(z.string(), z.string()),
  message: z.string(),
});

// ---- draft and reset-ad ---------------------------------------------------------------------------------------------

export const DraftResponseSchema = z.object({
  values: WireValuesSchema,
  lastValidStep: z.number().int(),
  /** ISO time; null when nothing was saved yet. */
  updatedAt: z.string().nullable(),
});

/** POST /api/publish/draft: the selectors, the values so far and the last valid step. */
export const DraftRequestSchema = z
  .looseObject({
    ...selectorBody,
    /** The definition's fields by wire name; others are dropped, values bounded, not validated. */
    values: z.record(z.string(), z.unknown()).optional(),
    /** A step of the catalogue (anything else is 0). */
    lastValidStep: z.union([z.number(), z.string()]).optional(),
  })
  .optional();

export const OkStatusSchema = z.object({ status: z.literal(200) });

// ---- save-ad --------------------------------------------------------------------------------------------------------

/**
 * POST /api/publish/save-ad and /save-ad/{id}: the selectors and the ad's fields, flat, by their catalogue names,
 * plus the wizard's saved ad (OrderID) and an idempotency key. Without a body the query carries them (the spec's
 * GET save-ad).
 */
export const SaveAdBodySchema = z
  .looseObject({
    ...selectorBody,
    OrderID: formValue,
    /** A repeat with the same key answers the ad the first request made (up to 100 characters are kept). */
    idempotencyKey: z.string().optional(),
  })
  .optional();

const WordBlockedSchema = z.object({
  orderID: z.number().int(),
  CatID: z.number().int(),
  SubCatID: z.number().int().nullable(),
});

const adType = z.enum(AD_TYPES);

/** save-ad's chooseOrderType and GET /api/publish/{OrderID}/order-types (ChooseOrderType in ../orders.ts). */
export const ChooseOrderTypeSchema = z.object({
  adData: z.object({
    OrderID: z.number().int(),
    RecordID: z.number().int(),
    CatID: z.number().int(),
    SubCatID: z.number().int().nullable(),
  }),
  mode: z.enum(['tracks', 'fromPackage', 'buyPackage', 'businessForSale']),
  orderType: z.array(OrderTypeItemSchema),
  packageOptions: z.array(OrderTypeItemSchema).optional(),
  finished: z.boolean().optional(),
  autoBumpPriceAgorot: z.number().int(),
});

/** save-ad's answer (SaveAdResponse in ../publish.ts): the ad's numbers, the field errors, or blocked words. */
export const SaveAdResponseSchema = z.object({
  orderID: z.number().int().optional(),
  recordID: z.number().int().optional(),
  OrderID: z.number().int().optional(),
  RecordID: z.number().int().optional(),
  /** Each field's Hebrew error by its name. */
  errFields: z.record(z.string(), z.string()).optional(),
  hasWordBlocked: WordBlockedSchema.optional(),
  hasWordBlockedOrderID: z.number().int().optional(),
  mainError: z.string().optional(),
  redirectForce: z.string().optional(),
  traderPackageExpired: z.boolean().optional(),
  chooseOrderType: ChooseOrderTypeSchema.optional(),
});

// ---- order-edited ---------------------------------------------------------------------------------------------------

/** GET or POST /api/publish/{OrderID}/order-edited (OrderEditedResponse in ../publish.ts). */
export const OrderEditedResponseSchema = z.object({
  status: z.literal(200),
  redirect: z.string().optional(),
  events: z.array(z.enum(['postedAdEditedSuccessfully'])).optional(),
  hasWordBlocked: WordBlockedSchema.optional(),
  hasWordBlockedOrderID: z.number().int().optional(),
});

// ---- option lists and car sub-models --------------------------------------------------------------------------------

export const OptionsParamsSchema = z.object({ listId: z.string() });

/** GET /api/publish/options/{listId}?<parent field ids>=…: the parents' values, each text. */
export const OptionsQuerySchema = z.record(z.string(), queryValue);

/** One option: its value and text, and the list's own attributes beside them. */
const WireOptionSchema = z.object({ value: z.string(), text: z.string() }).catchall(z.union([z.string(), z.number()]));

export const OptionsResponseSchema = z.object({ data: z.array(WireOptionSchema) });

/** 404: no such list (the spec's empty data beside the message). */
export const NoOptionsSchema = z.object({
  status: z.literal(404),
  message: z.string(),
  data: z.array(z.unknown()).optional(),
});

/**
 * POST /api/publish/get-car-submodels: model, year, offset and the filters; each filter is read by the route, which
 * answers a filter that is not a value with its own 400 naming the field.
 */
export const CarSubModelsRequestSchema = z
  .looseObject({
    model: formValue,
    year: formValue,
    offset: formValue,
    ...Object.fromEntries(SUB_MODEL_FILTERS.map((key) => [key, z.unknown().optional()])),
  })
  .optional();

/** A sub-model as the catalogue has it (CarSubModel in ../publish.ts, and the catalogue's own columns). */
const CarSubModelSchema = z.looseObject({
  SubSubModelID: z.number().int(),
  SubModel: z.string(),
  GearTitle: z.string().optional(),
  engineType: z.string().optional(),
  Door: z.number().optional(),
  Seats: z.number().optional(),
  EngineVolume: z.number().optional(),
  HorsePower: z.number().optional(),
  Ignition: z.string().optional(),
});

const countsSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));

/** The spec's array: this page's sub-models, then the filtered list's figures. */
export const CarSubModelsResponseSchema = z.tuple([
  z.array(CarSubModelSchema),
  z.object({
    total: z.number().int(),
    offset: z.number().int(),
    hasMore: z.boolean(),
    gearBox: countsSchema,
    engineSize: countsSchema,
    engineType: countsSchema,
    numDoors: countsSchema,
    ignition: countsSchema,
  }),
]);

/** 400: a request the list cannot answer; a filter that is not a value is named in errors. */
export const CarSubModelsRefusalSchema = z.object({
  status: z.literal(400),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

// ---- reserve-order --------------------------------------------------------------------------------------------------

/** POST /api/publish/reserve-order: the wizard's selectors and its tab's key. */
export const ReserveOrderRequestSchema = z
  .looseObject({
    ...selectorBody,
    /** 8 to 64 letters, digits, '_' or '-' (the route answers 400 otherwise). */
    idempotencyKey: z.unknown().optional(),
  })
  .optional();

export const ReserveOrderResponseSchema = z.object({ status: z.literal('ok'), OrderID: z.number().int() });

// ---- the car sign's ad ----------------------------------------------------------------------------------------------

/** GET /api/adds/{id} (PublicAdResponse in ../publish.ts). */
export const PublicAdResponseSchema = z.object({
  OrderID: z.number().int(),
  CatID: z.number().int(),
  SubCatID: z.number().int().nullable(),
  Price: z.string().nullable(),
  Year: z.string().nullable(),
  Hand: z.string().nullable(),
  KM: z.string().nullable(),
  Phone1: z.string().nullable(),
  callsNow: z.boolean(),
  Model: z.string().nullable(),
  ManufacturerTitle: z.string().nullable(),
  ModelTitle: z.string().nullable(),
  SubModelTitle: z.string().nullable(),
  Token: z.string(),
  AdUrl: z.string(),
});

export const PublicAdParamsSchema = AdIdParamsSchema;

// ---- the plan step's finish and the finish page ---------------------------------------------------------------------

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

/** POST /api/publish/finish-publish (FinishPublishRequest in ../orders.ts): a free track, a package ad, a lead. */
export const FinishPublishRequestSchema = z
  .looseObject({
    CatID: scalar,
    SubCatID: scalar,
    OrderID: scalar,
    RecordID: scalar,
    order_subscribe: scalar,
    orderType: scalar,
    continuePublishNewAd: scalar,
    OrderIDs: scalar,
    pt_hash: scalar,
    contactus_fullName: scalar,
    contactus_phone: scalar,
    contactus_email: scalar,
    leadFailed: scalar,
  })
  .optional();

export const FinishPublishResponseSchema = z.object({
  status: z.literal(200),
  redirect: z.string().optional(),
  events: z.array(z.enum(['postedAdEditedSuccessfully', 'adPublished'])).optional(),
  /** Field name to Hebrew message. */
  errors: z.record(z.string(), z.string()).optional(),
});

/** GET /api/publish/get-finish-page?OrderID&action (the page's other query values are kept, unread). */
export const FinishPageQuerySchema = z
  .object({ OrderID: queryValue.optional(), action: queryValue.optional() })
  .catchall(queryValue);

const AlertMessageSchema = z.object({
  type: z.enum(ALERT_TYPES),
  message: z.string(),
  titleMessage: z.string().optional(),
  image: z.string().optional(),
  postfix: z
    .object({
      text: z.string(),
      icon: z.enum(ALERT_ICONS).optional(),
      href: z.string().optional(),
      toolTip: z.string().optional(),
    })
    .optional(),
});

/** Where the ad stands (FinishPageState in ../orders.ts; after-save-area.md §3 "Finish page response"). */
export const FinishPageStateSchema = z.object({
  title: z.string(),
  finalMessage: z.string(),
  FinishTextID: z.number().int(),
  StatusID: z.number().int(),
  addGtmForPayedOrder: z.boolean(),
  returnUrl: z.string().optional(),
  state: z.enum([
    'draft',
    'awaitingPayment',
    'paid',
    'pending',
    'active',
    'outOfSlots',
    'blocked',
    'rejected',
    'expired',
  ]),
  timeline: z.array(
    z.object({
      step: z.enum(['saved', 'paid', 'review', 'live']),
      done: z.boolean(),
      refused: z.boolean().optional(),
      at: z.string().optional(),
    }),
  ),
  reason: z.string().optional(),
  adType: adType.optional(),
  paidAgorot: z.number().int().optional(),
  endsAt: z.string().optional(),
  paymentFailed: z.boolean().optional(),
  paymentFailure: z.enum(PAYMENT_FAILURE_REASONS).optional(),
  payAgainUrl: z.string().optional(),
  phonePaymentRequested: z.boolean().optional(),
  refund: z
    .object({
      status: z.enum(['pending', 'refunded']),
      agorot: z.number().int(),
      reason: z.enum(['notDelivered', 'adRejected']),
    })
    .optional(),
  rejection: z.object({ reason: z.string(), editUrl: z.string() }).optional(),
  notice: AlertMessageSchema.optional(),
  CatID: z.number().int(),
  SubCatID: z.number().int().nullable(),
  OrderID: z.number().int(),
});

// ---- the schemas and the web's types say the same ---------------------------------------------------------------------

/** True when both name the same keys: a key the schema lacks would be stripped from the answer the web reads. */
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
/** True when every value of the type fits the schema, the keys the same on both sides. */
type Declares<S extends z.ZodType, T> = T extends z.input<S> ? SameKeys<z.output<S>, T> : false;
const declares = <S extends z.ZodType, T>(ok: Declares<S, T>): Declares<S, T> => ok;

declares<typeof SaveAdResponseSchema, SaveAdResponse>(true);
declares<typeof ChooseOrderTypeSchema, ChooseOrderType>(true);
declares<typeof OrderTypeItemSchema, OrderTypeItem>(true);
declares<typeof OrderEditedResponseSchema, OrderEditedResponse>(true);
declares<typeof DraftResponseSchema, DraftResponse>(true);
declares<typeof FieldsAdDataSchema, FieldsAdData>(true);
declares<typeof PublicAdResponseSchema, PublicAdResponse>(true);
declares<typeof FinishPublishResponseSchema, FinishPublishResponse>(true);
declares<typeof FinishPageStateSchema, FinishPageState>(true);
declares<typeof ReserveOrderResponseSchema, ReserveOrderResponse>(true);
declares<(typeof CarSubModelsResponseSchema)['def']['items'][1], CarSubModelAggregates>(true);
