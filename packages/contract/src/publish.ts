/**
 * Wire shapes of the wizard's calls (publish-wizard.md §7). Field names are the spec's. The step and field
 * model itself is @app/form-engine/model (StepDef, FieldDef), parsed on both sides with the same schema.
 */

import type { ChooseOrderType } from './orders.ts';
import type { Campaign } from './planExtras.ts';

/** Query parameters that select a category's wizard (spec §2 Routes). */
export const SELECTOR_KEYS = [
  'cat',
  'subcat',
  'SalesCatID',
  'SalesSubCatID',
  'SalesSubCat3ID',
  'petType',
  'istrader',
] as const;
export type SelectorKey = (typeof SELECTOR_KEYS)[number];
export type Selectors = Partial<Record<SelectorKey, string>>;

/** The selectors that choose a wizard's draft, in the key's order (istrader does not: one draft per selection). */
const DRAFT_SELECTOR_KEYS = ['cat', 'subcat', 'SalesCatID', 'SalesSubCatID', 'SalesSubCat3ID', 'petType'] as const;

/**
 * The one key of a wizard's draft, on the server and in the browser: the category selectors in a fixed
 * order, with the ones that choose nothing left out (missing, empty, 0, -1), so `subcat=0` from a chooser
 * link and no subcat after "start over" are the same selection. Values are trimmed whole numbers.
 */
export function draftSelectionKey(selectors: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const key of DRAFT_SELECTOR_KEYS) {
    const raw = selectors[key];
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (!/^-?\d+$/.test(text)) continue;
    const value = Number(text);
    if (value === 0 || value === -1) continue;
    parts.push(`${key}=${value}`);
  }
  return parts.join('&');
}

export type WireValue = string | string[];
export type WireValues = Record<string, WireValue>;

/**
 * A redirect rule of the fields answer (publish-wizard.md §3 "Redirect rule"): when field `property` takes one of
 * the comma-listed `value`s and every field of `other_conditions.fields` has one of its comma-listed values, the
 * wizard shows `message` and moves: to the selection and step of `redirect.params` carrying the values of
 * `redirect.fields`, or, with `redirect_to_old`, to `redirect.url` on the older site.
 */
export interface PublishRedirect {
  id: string;
  property: string;
  value: string;
  other_conditions?: { fields: Record<string, string> };
  message: string;
  redirect: {
    redirect_to_old?: boolean;
    /** A path on the older site (with redirect_to_old). */
    url?: string;
    params?: { cat: number; subcat?: number; SalesCatID?: number; SalesSubCatID?: number; step?: number };
    /** Field ids whose values go along to the new selection. */
    fields?: string[];
  };
}

/**
 * GET /api/publish/fields?cat&subcat&… (and /fields/{adId} in edit mode).
 * `fields` carries the steps (areas) with their field definitions, as StepDef[] of the form engine.
 */
export interface FieldsResponse<Step = unknown> {
  fields: Step[];
  /** Stable name of the category catalogue ('vehicles-cars'). */
  catalogId: string;
  /** First step number shown to the user (spec §2). */
  firstStep: 0 | 1;
  adData: FieldsAdData;
  /** The server's redirect rules of the selection (publish-rules.json); the wizard watches their fields. */
  publishRedirects: PublishRedirect[];
  publishCampaigns: Campaign[];
  cat: number;
  subcat: number | null;
  /** In edit mode, a lower price offers no upgrade (publish-rules.json: where the ad has no upgrade to offer). */
  disallowDecreasePricePopup: boolean;
  redirectForce?: string;
  redirectForceObject?: { url: string; message?: string };
  /** Edit mode only: the ad's saved values. */
  values?: WireValues;
  /**
   * Edit mode only: the saved values of the fields the owner can no longer change (the catalogue's editLocked), by
   * field id. The edit form reads them (a condition on the property type, a make's list of years) and never sends
   * them. Our addition.
   */
  lockedValues?: WireValues;
  /** Edit mode only: the ad's title as "my ads" shows it ("טויוטה קורולה 2021"). Our addition. */
  adTitle?: string;
}

/**
 * The fields response's adData (spec §7): OrderID2 is the ad's one public number (the one in /edit/{id} and
 * in OrderID/OrderIDs) once the wizard has saved it, and in edit mode; OrderTypeID is the ad's order type
 * once a plan was chosen (the plan step comes later). null when there is none yet.
 */
export interface FieldsAdData {
  OrderID2: number | null;
  OrderTypeID: number | null;
  /**
   * The saved ad's virtual number choice (after-save-area.md §3 "Ad data", §4 "Virtual number checkbox"):
   * virtual_num '1' while the virtual number is shown, virtual_num_canceled '1' after the advertiser cancelled it
   * (the server turns it on again 48 hours later). Absent before the wizard has saved an ad.
   */
  data?: { virtual_num: '0' | '1'; virtual_num_canceled: '0' | '1' };
}

/** check-step answers: 200 with errors null, 500 with errFields, 422 when login is needed. */
export interface CheckStepResponse {
  errors: null | Record<string, string>;
  errFields?: Record<string, string>;
  message?: string;
}

/** POST /api/publish/save-ad and /save-ad/{id}: selectors + field values, flat, plus an idempotency key. */
export interface SaveAdResponse {
  orderID?: number;
  recordID?: number;
  OrderID?: number;
  RecordID?: number;
  errFields?: Record<string, string>;
  hasWordBlocked?: { orderID: number; CatID: number; SubCatID: number | null };
  hasWordBlockedOrderID?: number;
  mainError?: string;
  redirectForce?: string;
  traderPackageExpired?: boolean;
  /** The plan step of the saved ad (tracks, or business-for-sale tracks); absent without a plan step. */
  chooseOrderType?: ChooseOrderType;
}

/** The server-side draft of a wizard (GET/POST /api/publish/draft; reset-ad deletes it). */
export interface DraftResponse {
  values: WireValues;
  lastValidStep: number;
  /** null when nothing was saved yet (an empty draft). */
  updatedAt: string | null;
}

/** GET /api/publish/options/{listId}?<parent field ids>=… */
export interface OptionsResponse {
  data: { value: string; text: string; [attr: string]: string | number }[];
}

/** GET {gateway}/car-data-gov?licensePlate= (after-save-area.md "Licence-plate result"). */
export interface LicencePlateResult {
  /** Make and model in Hebrew ('טויוטה קורולה'). */
  carTitle: string;
  subModelTitle: string;
  /** The vehicle type as a sub-category (1 private, 2 commercial, 3 jeeps). */
  typeId: number;
  /** The sub-model's SubSubModelID. */
  subModelId: number;
  carYear: number;
  carHand: number;
  /** The value for the wizard's subModel field: the same SubSubModelID. */
  subSubModelVal: number;
  modelId: number;
  yad2CarColorGroupID: number;
  yad2CarColorID: number;
  /** The registry's moed_aliya_lakvish, 'YYYY-M'. */
  DateOnRoad: string;
  /** The registry's tokef_dt, 'YYYY-MM-DD'. */
  tokefTestDate: string;
  /** The registry's baalut text ('פרטי', 'ליסינג', …). */
  owner: string;
  /** Our addition: the make, so the manufacturer field can be filled without a second lookup. */
  manufacturerId: number;
}

/** How many sub-models one get-car-submodels answer lists (after-save-area.md: "shown 5 at a time"). */
export const SUB_MODELS_PAGE = 5;
/** How far show-more goes: no sub-model past this many is listed (after-save-area.md: "show-more limit 1000"). */
export const SUB_MODELS_SHOW_MORE_LIMIT = 1000;

/**
 * The sub-model filters get-car-submodels takes (after-save-area.md "Car fields"), each matched against one column
 * of the sub-model entry: gearBox GearTitle, engineSize EngineVolume, engineType engineType, numDoors Door,
 * ignition Ignition.
 */
export const SUB_MODEL_FILTERS = ['gearBox', 'engineSize', 'engineType', 'numDoors', 'ignition'] as const;
export type SubModelFilter = (typeof SUB_MODEL_FILTERS)[number];
/** The chosen filters; absent, empty or '-1' means "any". */
export type SubModelFilterValues = Partial<Record<SubModelFilter, string>>;

/** POST /api/publish/get-car-submodels: sub-models of a model and year, 5 at a time, narrowed by the filters. */
export interface CarSubModelsRequest extends SubModelFilterValues {
  model: string;
  year: string;
  /** Our addition for paging: how many were listed already. */
  offset?: number;
}

/** A car sub-model as get-car-submodels lists it (after-save-area.md "Car fields"). */
export interface CarSubModel {
  SubSubModelID: number;
  SubModel: string;
  GearTitle?: string;
  engineType?: string;
  Door?: number;
  Seats?: number;
  EngineVolume?: number;
  HorsePower?: number;
  Ignition?: string;
}

/** How many sub-models of the model and year have each value (for a filter), in the list's order. */
export type CarSubModelCounts = { value: string; count: number }[];

/**
 * The second item of the get-car-submodels answer: the figures of the whole filtered list, not only this page's.
 * Each filter's counts are those of the sub-models the other filters leave, so a chosen filter still offers its
 * other values (with every filter empty, each filter's counts add up to `total`).
 */
export interface CarSubModelAggregates {
  /** The sub-models of the model and year that the filters leave. */
  total: number;
  /** Where this page starts, and whether more follow it (never past SUB_MODELS_SHOW_MORE_LIMIT). */
  offset: number;
  hasMore: boolean;
  gearBox: CarSubModelCounts;
  engineSize: CarSubModelCounts;
  engineType: CarSubModelCounts;
  numDoors: CarSubModelCounts;
  ignition: CarSubModelCounts;
}

/** The spec's contract: an array whose first item is the sub-model list (this page) and whose second the aggregates. */
export type CarSubModelsResponse = [CarSubModel[], CarSubModelAggregates];

/** The native-app events an answer asks the browser to emit (after-save-area.md §6 "App events"). */
export type AppEvent = 'postedAdEditedSuccessfully';

/**
 * GET or POST /api/publish/{OrderID}/order-edited: the edit-login step's finish (after-save-area.md §4 "Publish
 * button"). A redirect is followed (same origin or allowlisted); events are emitted (to the native app when the page
 * runs inside it). An active ad's pending edit is now live; a draft answers { status: 200 } alone. Blocked words in
 * the edit: the blocked outcome of save-ad, with its finish page as the redirect.
 */
export interface OrderEditedResponse {
  status: 200;
  redirect?: string;
  events?: AppEvent[];
  hasWordBlocked?: { orderID: number; CatID: number; SubCatID: number | null };
  hasWordBlockedOrderID?: number;
}

/**
 * GET /api/adds/{id} (after-save-area.md §7 "ad for car sign"): the live public view of an active ad, the same for
 * its owner and anyone else. Titles come from the catalogue's lists where the ad's category has them.
 */
export interface PublicAdResponse {
  OrderID: number;
  CatID: number;
  SubCatID: number | null;
  Price: string | null;
  Year: string | null;
  Hand: string | null;
  KM: string | null;
  /**
   * The number shown for the ad, formatted: its virtual number while the virtual number is on (null until it has
   * one), else the primary phone (validPhone1); null while the ad takes no calls (callsNow false).
   */
  Phone1: string | null;
  /** Our addition: false while the ad takes no calls (weekend calls off, Friday 14:00 to Saturday 23:59 Israel time). */
  callsNow: boolean;
  Model: string | null;
  /** Our addition: the make of a catalogue model ('טויוטה'), for the car sign's title; null for a typed model. */
  ManufacturerTitle: string | null;
  ModelTitle: string | null;
  SubModelTitle: string | null;
  /** A version tag of the live ad: it changes when an edit goes live (a printed sign can tell it is outdated). */
  Token: string;
  /** Our addition: the ad's public address on the board (OLD_SITE_URL/item/{OrderID}); the car sign's QR code. */
  AdUrl: string;
}
