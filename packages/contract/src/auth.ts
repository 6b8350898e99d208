/**
 * Wire shapes of the account calls (publish-wizard.md §3 "Login payloads", §7 auth calls).
 * Field names are the spec's; inside the apps use clear names and map at the edge.
 */

import type { z } from 'zod';
import type {
  ConfirmCodeRequestSchema,
  ConfirmCodeResponseSchema,
  CreateNewPassRequestSchema,
  CreateNewPassResponseSchema,
  CustomerResponseSchema,
  ForgetPassRequestSchema,
  ForgetPassResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OutboxEmailSchema,
  RegisterRequestSchema,
  TradeMapSchema,
} from './schemas/auth.ts';
import type { FieldErrorSchema } from './schemas/common.ts';
import type { NavLinkSchema, PersonalNavbarResponseSchema } from './schemas/site.ts';

/** Trade map: cat -> subcat -> 1 when the customer is a trader there. */
export type TradeMap = z.infer<typeof TradeMapSchema>;

/** One field's error (schemas/common.ts). */
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Captcha challenge the server asks for after too many attempts. */
export interface CaptchaChallenge {
  captcha: 1;
  captchaId: string;
  captchaUrl: string;
}

/** What the forms send (a field may be sent as a number: the server reads its text). */
export type LoginRequest = z.input<typeof LoginRequestSchema>;
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** Answer of login and register. A non-200 HTTP status is an error carrying `errors`. */
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
export type CustomerResponse = z.infer<typeof CustomerResponseSchema>;

export type ForgetPassRequest = z.input<typeof ForgetPassRequestSchema>;
export type ForgetPassResponse = z.infer<typeof ForgetPassResponseSchema>;
export type ConfirmCodeRequest = z.input<typeof ConfirmCodeRequestSchema>;
export type ConfirmCodeResponse = z.infer<typeof ConfirmCodeResponseSchema>;
export type CreateNewPassRequest = z.input<typeof CreateNewPassRequestSchema>;
export type CreateNewPassResponse = z.infer<typeof CreateNewPassResponseSchema>;

export type NavLink = z.infer<typeof NavLinkSchema>;

export type PersonalNavbarResponse = z.infer<typeof PersonalNavbarResponseSchema>;

/** Spec §9: code-attempt limit. */
export const CODE_ATTEMPT_LIMIT = 5;
/** Length of the e-mailed recovery code. */
export const RESET_CODE_LENGTH = 5;

/** Header and cookie of the double-submit CSRF protection. */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'sid';

/** Sandbox e-mail as the outbox API returns it. */
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;
