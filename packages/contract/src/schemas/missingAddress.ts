/**
 * POST /api/publish/missing-address (publish-wizard.md §5, §7): a street the user did not find in the list, kept for
 * a person to review. The form's fields are read and checked by the route (the settlement is required; each value
 * plain text of a sensible length), each refused one with its Hebrew message by name.
 */
import { z } from 'zod';

/** A value the route reads itself: text, or a number in JSON; anything else is taken as missing. */
const readByRoute = z.unknown().optional();

export const MissingAddressRequestSchema = z
  .looseObject({ settlement: readByRoute, street: readByRoute, houseNumber: readByRoute })
  .optional();

export const MissingAddressResponseSchema = z.object({ success: z.literal(true) });

/** 400: each refused field's message by its name; 429: one address reported too often. */
export const MissingAddressRefusalSchema = z.object({
  success: z.literal(false),
  errors: z.record(z.string(), z.string()).optional(),
  message: z.string(),
});
