/**
 * The account calls (publish-wizard.md §3 "Login payloads", §7 auth calls): login, register, logout, the session's
 * customer, the password recovery's three steps and the captcha image. Types in ../auth.ts. The spec's field names;
 * a form's field is text (a number is read as its text, as the legacy forms send it).
 */
import { z } from 'zod';
import { FieldErrorSchema, RefusalSchema } from './common.ts';

/** A form's text field: up to 1000 characters, or a number read as its text. */
const formText = z.union([z.string().max(1000), z.number()]).transform(String);

/** Trade map: cat → subcat → 1 when the customer is a trader there. */
export const TradeMapSchema = z.record(z.string(), z.record(z.string(), z.literal(1))).meta({ id: 'TradeMap' });

/** The session's customer as every account answer carries it (id 0, empty names: a guest). */
const customerFields = {
  CustID: z.number().int(),
  CustFirstName: z.string(),
  CustLastName: z.string(),
  debugMode: z.boolean(),
  trade: TradeMapSchema,
};

/** GET /api/auth/customer: the session's customer, or a guest. */
export const CustomerResponseSchema = z.object({ status: z.literal(200), ...customerFields });

/** POST /api/auth/login. */
export const LoginRequestSchema = z.object({
  username: formText.optional(),
  password: formText.optional(),
  /** The captcha the server asked for after too many attempts, and what the user read in it. */
  captchaId: formText.optional(),
  captchaAnswer: formText.optional(),
});

/** POST /api/auth/register. */
export const RegisterRequestSchema = z.object({
  username: formText.optional(),
  password: formText.optional(),
  passwordAgain: formText.optional(),
  firstname: formText.optional(),
  lastname: formText.optional(),
});

/** The captcha challenge the server asks for after too many attempts. */
const captchaFields = {
  captcha: z.union([z.literal(0), z.literal(1)]),
  captchaId: z.string().optional(),
  captchaUrl: z.string().optional(),
};

/**
 * Answer of login and register: 200 with the customer, or the status of the refusal (400 a field, 401 wrong
 * credentials, 403 a blocked account, 409 a taken e-mail, 429 too many attempts with a captcha) with `errors`.
 */
export const LoginResponseSchema = z.object({
  status: z.number().int(),
  message: z.enum(['login success', 'login fail']),
  ...customerFields,
  errors: z.array(FieldErrorSchema).optional(),
  captcha: captchaFields.captcha.optional(),
  captchaId: captchaFields.captchaId,
  captchaUrl: captchaFields.captchaUrl,
  redirectForce: z.string().optional(),
});

/** POST /api/auth/logout: the session is over. */
export const LogoutResponseSchema = z.object({ status: z.literal(200), CustID: z.literal(0) });

/** POST /api/auth/forgetPass (and forgetPassword): the recovery code is mailed to this address. */
export const ForgetPassRequestSchema = z.object({
  EmailForgetPass: formText.optional(),
  securemail: formText.optional(),
  captchaId: formText.optional(),
  captchaAnswer: formText.optional(),
});

/** The same answer whether or not the address is registered; error 1 with a message, or a captcha to solve. */
export const ForgetPassResponseSchema = z.object({
  error: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
  ...captchaFields,
  custID: z.number().int().optional(),
});

/** POST /api/auth/confirmCode: the mailed code. */
export const ConfirmCodeRequestSchema = z.object({
  EmailForgetPass: formText.optional(),
  confirmCodePass: formText.optional(),
});

export const ConfirmCodeResponseSchema = z.object({
  error: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
  /** Failed attempts so far on this code; at CODE_ATTEMPT_LIMIT the code is void. */
  attempts: z.number().int(),
  custID: z.number().int().optional(),
  /** One-time token that authorises createNewPass for this code (not in the spec: binds the steps). */
  resetToken: z.string().optional(),
});

/** POST /api/auth/createNewPass: the new password, with the account and the token the right code gave. */
export const CreateNewPassRequestSchema = z.object({
  userName: formText.optional(),
  newPass: formText.optional(),
  renewPass: formText.optional(),
  custID: formText.optional(),
  resetToken: formText.optional(),
});

export const CreateNewPassResponseSchema = z.object({
  error: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
});

/** GET /api/auth/captcha/:id: an issued captcha's id. */
export const CaptchaParamsSchema = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

/** The captcha's picture (SVG), or 404 when it is unknown or expired. */
export const CaptchaResponses = {
  200: { content: { 'image/svg+xml': { schema: z.string() } } },
  404: RefusalSchema,
};

// ---- The e-mail sandbox (behind the sandbox key, hidden from the OpenAPI document) ----

/** GET /api/sandbox/outbox[?to=]: the e-mails, to one address or all. */
export const SandboxMailOutboxQuerySchema = z.object({ to: z.string().optional() });
export const OutboxEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const SandboxMailOutboxSchema = z.object({ emails: z.array(OutboxEmailSchema) });
