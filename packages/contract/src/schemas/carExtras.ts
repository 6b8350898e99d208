/**
 * The car ad's side calls of the wizard (publish-wizard.md §4, §7; after-save-area.md §4, §5, §7): the duplicate-ad
 * check, the trade-in lead, the missing sub-model report and the price reminder's presets. Types in ../carExtras.ts.
 * The requests are the wizard's forms (JSON or form-encoded, GET's in the query): each field is named for the
 * document, and the route reads and checks them itself, answering the spec's field errors; a field not named here
 * is kept for it (the missing sub-model report's details).
 */
import { z } from 'zod';

/** A form value as it arrives: text, or a number in JSON. */
const value = z.union([z.string(), z.number()]).optional();

/** Text or a number; anything else is taken as missing (the check answers no duplicate, as the wizard expects). */
const checked = z.unknown().optional();

export const DuplicationCheckRequestSchema = z
  .looseObject({
    catId: checked,
    subCatId: checked,
    registrationPlate: checked,
    manufacturer: checked,
    model: checked,
    year: checked,
    /** This wizard's own ad: never a duplicate of itself. */
    OrderID: checked,
  })
  .optional();

export const DuplicationCheckResponseSchema = z.object({
  status: z.literal(200),
  duplication: z.boolean(),
  /** The earlier ad of the same car (the customer's own), to upgrade it instead of publishing twice. */
  OrderID: z.number().int().optional(),
  upgradeOrderUrl: z.string().optional(),
});

export const TradeInLeadRequestSchema = z
  .looseObject({ name: value, phone: value, OrderID: value, manufacturer: value, model: value, year: value })
  .optional();

/** Each field's Hebrew error by its name. */
const fieldErrors = z.record(z.string(), z.string()).optional();

export const TradeInLeadResponseSchema = z.object({
  status: z.number().int(),
  data: z.object({ success: z.boolean() }),
  errors: fieldErrors,
  message: z.string().optional(),
});

/** GET (the query) or POST (the body, the query filling what it lacks) /api/stinker?action=missingSubModel. */
export const MissingSubModelQuerySchema = z.looseObject({ action: z.string().optional() });
export const MissingSubModelBodySchema = z
  .looseObject({ missingSubModel: value, CatID: value, SubCatID: value, OrderID: value })
  .optional();

export const MissingSubModelResponseSchema = z.object({
  status: z.number().int(),
  success: z.boolean(),
  errors: fieldErrors,
  message: z.string().optional(),
});

/** GET /api/publish/price-reminder-options: the selection and the fields that name the same thing. */
export const PriceReminderQuerySchema = z.looseObject({ cat: value, subcat: value });

export const PriceReminderOptionsResponseSchema = z.object({
  status: z.literal(200),
  /** Shekels, the presets the reminder offers (none when too few live ads are alike). */
  prices: z.array(z.number()),
});
