/**
 * The contact-us calls (after-save-area.md §3 "Contact-us form data", §5, §7): the form as data and the sent form.
 * Types in ../contactUs.ts, with the validators the browser and the server both run. The form's objects are strict:
 * the server checks its own data file with them when it loads (a misspelt key stops the start).
 */
import { z } from 'zod';

export const ContactUsFieldNameSchema = z.enum(['subject', 'description', 'email', 'phone', 'submailto']);
/** Validator names a field may list, run in order; the first that fails shows the field's errorMessage. */
export const ContactUsValidationSchema = z.enum(['required', 'phone', 'email']);

export const ContactUsOptionSchema = z.strictObject({ value: z.string(), text: z.string() });

export const ContactUsFieldSchema = z
  .strictObject({
    element: z.enum(['select', 'input', 'textarea']),
    type: z.enum(['select', 'text', 'email', 'tel', 'textarea', 'hidden']),
    name: ContactUsFieldNameSchema,
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    label: z.string(),
    required: z.boolean(),
    autocomplete: z.string(),
    value: z.string(),
    options: z.array(ContactUsOptionSchema).min(1).optional(),
    validations: z.array(ContactUsValidationSchema),
    errorMessage: z.string().min(1),
    maxlength: z.number().int().positive(),
  })
  .meta({ id: 'ContactUsField' });

export const ContactUsResultMessageSchema = z.strictObject({
  title: z.string().min(1),
  content: z.string().min(1),
  buttonTitle: z.string().min(1),
});

/** GET /api/contact-us/fetch[?submailto=1..4]: the form, the subject prefilled by submailto. */
export const ContactUsFetchQuerySchema = z.object({
  /** 1 real-estate, 2 second-hand, 3 car, 4 special-vehicles package; any other value is not read. */
  submailto: z.string().optional(),
});

export const ContactUsFetchResponseSchema = z.strictObject({
  title: z.string().min(1),
  descriptionTitle: z.string().min(1),
  form: z.strictObject({ fields: z.array(ContactUsFieldSchema).min(1) }),
  sendResult: z.strictObject({ succeed: ContactUsResultMessageSchema, failed: ContactUsResultMessageSchema }),
});

/**
 * POST /api/contact-us/save: every field by name, submailto optional (a flag 1..4, as text or a number). The form's
 * validators (required, phone, e-mail, options, lengths) come from its data and run in the route.
 */
export const ContactUsSaveRequestSchema = z.object({
  subject: z.string().optional(),
  description: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  submailto: z.union([z.string(), z.number(), z.null()]).optional(),
});

/** 200 { success: true }; 400 { success: false, errors: name → errorMessage, message }; 429 { success: false, message }. */
export const ContactUsSaveResponseSchema = z.object({
  success: z.boolean(),
  errors: z.partialRecord(ContactUsFieldNameSchema, z.string()).optional(),
  message: z.string().optional(),
});
