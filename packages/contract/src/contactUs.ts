/**
 * The contact-us form (after-save-area.md §3 "Contact-us form data", §5 "Contact-us form", §7 contact-us/fetch and
 * contact-us/save). The server defines the form as data (apps/server/src/contact-us/data/contact-us-form.json) and sends
 * it; the browser renders and validates it with the same validators, and the server checks the sent form again.
 */
import type { z } from 'zod';
import { isContactEmail, isContactPhone } from './buyPackageContact.ts';
import type {
  ContactUsFetchResponseSchema,
  ContactUsFieldNameSchema,
  ContactUsFieldSchema,
  ContactUsOptionSchema,
  ContactUsResultMessageSchema,
  ContactUsSaveRequestSchema,
  ContactUsSaveResponseSchema,
  ContactUsValidationSchema,
} from './schemas/contactUs.ts';

/** Validator names a field may list, run in order; the first that fails shows the field's errorMessage. */
export type ContactUsValidation = z.infer<typeof ContactUsValidationSchema>;
export type ContactUsOption = z.infer<typeof ContactUsOptionSchema>;
export type ContactUsField = z.infer<typeof ContactUsFieldSchema>;
export type ContactUsFieldName = z.infer<typeof ContactUsFieldNameSchema>;
export type ContactUsResultMessage = z.infer<typeof ContactUsResultMessageSchema>;

/** GET /api/contact-us/fetch[?submailto=1..4] */
export type ContactUsFetchResponse = z.infer<typeof ContactUsFetchResponseSchema>;

/** POST /api/contact-us/save: every field by name (submailto optional). */
export type ContactUsSaveRequest = z.infer<typeof ContactUsSaveRequestSchema>;

/** 200 { success: true }; 400 { success: false, errors: name → errorMessage }; 429 { success: false, message }. */
export type ContactUsSaveResponse = z.infer<typeof ContactUsSaveResponseSchema>;

/** The validators by name: a full Record, so a new name does not compile until it has a rule. */
export const CONTACT_US_VALIDATORS: Record<ContactUsValidation, (value: string) => boolean> = {
  required: (value) => value.trim() !== '',
  phone: (value) => value.trim() === '' || isContactPhone(value.trim()),
  email: (value) => value.trim() === '' || isContactEmail(value.trim()),
};

/** A field's error message, or undefined when its value passes every validation and its length cap. */
export function contactUsFieldError(field: ContactUsField, value: unknown): string | undefined {
  if (value !== undefined && typeof value !== 'string') return field.errorMessage;
  const text = value ?? '';
  if (text.length > field.maxlength) return field.errorMessage;
  if (field.options && text !== '' && !field.options.some((o) => o.value === text)) return field.errorMessage;
  for (const name of field.validations) if (!CONTACT_US_VALIDATORS[name](text)) return field.errorMessage;
  return undefined;
}

/** Every failing field of a sent form: name → its errorMessage (empty when the form may be sent). */
export function checkContactUs(
  fields: readonly ContactUsField[],
  body: Record<string, unknown>,
): Partial<Record<ContactUsFieldName, string>> {
  const errors: Partial<Record<ContactUsFieldName, string>> = {};
  for (const field of fields) {
    const error = contactUsFieldError(field, body[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** The spec's submailto flags (§5): 1 real-estate, 2 second-hand, 3 car, 4 special-vehicles package. */
export const SUBMAILTO_SUBJECTS: Readonly<Record<string, string>> = {
  '1': 'real-estate-package',
  '2': 'second-hand-package',
  '3': 'car-package',
  '4': 'special-vehicles-package',
};
