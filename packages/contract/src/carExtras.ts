/**
 * The car ad's side calls of the wizard (publish-wizard.md §4 "Field behaviour", §7; after-save-area.md
 * §4, §5, §7): the duplicate-ad check, the trade-in lead and the missing sub-model report. Field names on the wire
 * are the spec's; the Hebrew texts the spec quotes are here verbatim so both sides use the same ones.
 */

/** POST /api/publish/check-duplication-car: the selection plus the car type step's fields. */
export interface DuplicationCheckRequest {
  catId: string | number;
  subCatId: string | number;
  registrationPlate: string;
  manufacturer: string;
  model: string;
  year: string;
  /** This wizard's own ad (after a save, or reserved for photos): never a duplicate of itself. */
  OrderID?: string | number;
}

export interface DuplicationCheckResponse {
  status: 200;
  duplication: boolean;
  /** The earlier ad of the same car (the customer's own), to upgrade it instead of publishing twice. */
  OrderID?: number;
  upgradeOrderUrl?: string;
}

/** POST /api/publish/car-trader/trade-in-lead. */
export interface TradeInLeadRequest {
  name: string;
  phone: string;
  /** Ours: the customer's ad the lead is about when the wizard has one (another account's ad is 404). */
  OrderID?: string | number;
  manufacturer?: string;
  model?: string;
  year?: string;
}

export interface TradeInLeadResponse {
  status: number;
  data: { success: boolean };
  errors?: Partial<Record<'name' | 'phone', string>>;
  message?: string;
}

/** The missing-* fields of the report (after-save-area.md §3 "Car fields"). */
export const MISSING_SUB_MODEL_FIELDS = [
  'missingManufacturer',
  'missingManufacturerID',
  'missingModel',
  'missingModelID',
  'missingYear',
  'missingYearID',
  'missingEngineSize',
  'missingEngineSizeID',
  'missingEngineType',
  'missingEngineTypeID',
  'missingGearBox',
  'missingGearBoxID',
  'engineSize',
] as const;

export type MissingSubModelField = (typeof MISSING_SUB_MODEL_FIELDS)[number];

/** GET or POST /api/stinker?action=missingSubModel. */
export type MissingSubModelRequest = Partial<Record<MissingSubModelField, string>> & {
  missingSubModel: string;
  CatID?: string | number;
  SubCatID?: string | number;
  OrderID?: string | number;
};

export interface MissingSubModelResponse {
  status: number;
  success: boolean;
  errors?: Partial<Record<'missingSubModel' | MissingSubModelField, string>>;
  message?: string;
}

/** The spec's texts, verbatim. */
export const CAR_EXTRAS_TEXTS = {
  tradeInNameRequired: 'שם מלא שדה חובה',
  tradeInPhoneRequired: 'טלפון שדה חובה',
  tradeInFailed: 'שליחת הבקשה נכשלה, נסו שנית מאוחר יותר',
  missingSubModelThanks: "באסה, לפעמים גם לנו יש פנצ'ר",
} as const;

/** Lengths the server accepts. */
export const TRADE_IN_NAME_MAX = 60;
export const MISSING_SUB_MODEL_MAX = 100;

/** The licence plate's digits (the field shows 12-345-67); a plate is 7 or 8 digits. */
export function plateDigits(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const digits = String(input).replace(/[\s-]/g, '');
  return /^\d{7,8}$/.test(digits) ? digits : null;
}

/**
 * GET /api/publish/price-reminder-options (ours): the price reminder's preset options (shekels, ascending) from the
 * live ads of the same car (cat 1 subcats 1 and 3: manufacturer, model, year) or property (cat 2 subcats 1 and 2:
 * city, HomeTypeID); empty when too few ads are live.
 */
export interface PriceReminderOptionsResponse {
  status: 200;
  prices: number[];
}
