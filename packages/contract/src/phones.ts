/**
 * Phone numbers and their verification (after-save-area.md §3 "Phone fields", §4 "Phone confirmation", §5 "Phone
 * number" and "Verification code", §7 phone calls, §8 phone error types): the wire types and the spec's rules as
 * pure functions, so the browser and the server decide alike.
 *
 * Validity uses libphonenumber-js with its "min" metadata (lengths and national number patterns of Israel): it
 * agrees with the spec for every prefix of the spec's list (10 digits for 05x and 07x, 9 for the landline area
 * codes). Its "max" metadata also checks allocated number blocks and refuses e.g. 050-1234567, which the spec and
 * every test number use, so it is not used. The spec's own prefix list narrows what the library accepts (059 is
 * valid in Israel but not offered). The metadata is cut down to Israel (phoneMetadata.ts, from the library's own
 * "min" file by scripts/phone-metadata.mjs): the whole world's would weigh 26 KB in the wizard's code.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { z } from 'zod';
import { ISRAEL_TIME_ZONE } from './israelTime.ts';
import { IL_METADATA } from './phoneMetadata.ts';
import type {
  OutboxPhoneMessageSchema,
  PhoneListResponseSchema,
  PhoneOnlyRequestSchema,
  PhoneOptionSchema,
  PhoneSuccessSchema,
  UpdatePhoneActivationRequestSchema,
  ValidPhoneCodeRequestSchema,
  ValidPhoneRequestSchema,
  VirtualPhoneResponseSchema,
} from './schemas/phones.ts';

export const PHONE_PREFIXES = [
  '050',
  '051',
  '052',
  '053',
  '054',
  '055',
  '058',
  '02',
  '03',
  '04',
  '08',
  '09',
  '072',
  '073',
  '074',
  '076',
  '077',
  '078',
  '079',
] as const;
export type PhonePrefix = (typeof PHONE_PREFIXES)[number];

/** The phone input's maximum length, dash included (spec §9). */
export const PHONE_MAX_LENGTH = 11;
/** The verification code's length (spec §9). */
export const CODE_LENGTH = 5;
/** How often the browser polls valid-phone-check after a voice call (spec §9). */
export const IVR_POLL_MS = 5000;

/** The spec's texts (§5), verbatim. */
export const PHONE_TEXTS = {
  invalid: 'המספר אינו תקין',
  landline: 'טלפון נייח אינו מאופשר',
  codeInvalid: 'קוד אימות אינו תקין',
} as const;

/**
 * The spec's phone error types 1-19 (§8) by name: the server answers `errorType` with them and the browser reads
 * them (`PHONE_ERROR.smsAlreadySent`, not 5). The Hebrew texts live in the server's messages.
 */
export const PHONE_ERROR = {
  smsPerCustomer: 1,
  attemptsPerNumber: 2,
  attemptsPerCustomer: 3,
  alreadyConfirmed: 4,
  smsAlreadySent: 5,
  smsFailed: 6,
  smsNotSent: 7,
  confirmationInactive: 8,
  sendsPerIp: 9,
  confirmsPerIp: 10,
  blocked: 11,
  maxAttempts: 12,
  ivrInactive: 13,
  ivrPerIp: 14,
  ivrPerNumber: 15,
  ivrPerCustomer: 16,
  confirmsPerNumber: 17,
  codeExpired: 18,
  identificationFailed: 19,
} as const;
export type PhoneErrorKey = keyof typeof PHONE_ERROR;
export type PhoneErrorType = (typeof PHONE_ERROR)[PhoneErrorKey];

/** The digits of a number as typed: spaces and dashes dropped, +972 / 972 turned into the national 0. */
export function phoneDigits(input: string): string {
  let s = input.trim().replace(/[\s\-().]/g, '');
  if (s.startsWith('+972')) s = `0${s.slice(4)}`;
  else if (s.startsWith('00972')) s = `0${s.slice(5)}`;
  return s;
}

/** The spec prefix a national number starts with (three-digit prefixes first), if any. */
export function phonePrefix(digits: string): PhonePrefix | undefined {
  return (
    PHONE_PREFIXES.find((p) => p.length === 3 && digits.startsWith(p)) ??
    (PHONE_PREFIXES.find((p) => p.length === 2 && digits.startsWith(p)) as PhonePrefix | undefined)
  );
}

/**
 * The number as the field shows it: the prefix, a dash, the rest (the dash inserted as the user types), at most
 * PHONE_MAX_LENGTH characters. Anything but digits is dropped.
 */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input).replace(/\D/g, '');
  const prefix = phonePrefix(digits);
  const out = prefix && digits.length > prefix.length ? `${prefix}-${digits.slice(prefix.length)}` : digits;
  return out.slice(0, PHONE_MAX_LENGTH);
}

/** The spec's landline pattern: area code 0, 2-4 or 8-9, plus 7 digits. */
export function isLandline(input: string): boolean {
  return /^0[2-489]\d{7}$/.test(phoneDigits(input));
}

/**
 * Numbers already judged, by their digits: a save asks of the same number three times (the field's rule, then the
 * contact check's normal form), and libphonenumber's parse is the dearest part of that. Bounded: emptied when full.
 */
const judged = new Map<string, boolean>();
const JUDGED_MAX = 1000;

/** A valid number of the spec's prefix list (only digits, the right length for its prefix). */
export function isValidPhone(input: string): boolean {
  const digits = phoneDigits(input);
  if (!/^\d+$/.test(digits) || !phonePrefix(digits)) return false;
  let valid = judged.get(digits);
  if (valid === undefined) {
    const parsed = parsePhoneNumberFromString(digits, 'IL', IL_METADATA);
    valid = parsed?.isValid() === true && parsed.country === 'IL';
    if (judged.size >= JUDGED_MAX) judged.clear();
    judged.set(digits, valid);
  }
  return valid;
}

/**
 * A valid number in international (E.164) form, as SMS and voice providers take it (0501234567 → +972501234567),
 * else null. The way back is `normalisePhone`, which reads +972… as well.
 */
export function internationalPhone(input: string): string | null {
  if (!isValidPhone(input)) return null;
  return parsePhoneNumberFromString(phoneDigits(input), 'IL', IL_METADATA)?.number ?? null;
}

/** The canonical stored form of a valid number: its national digits (0501234567), else null. */
export function normalisePhone(input: string): string | null {
  return isValidPhone(input) ? phoneDigits(input) : null;
}

export interface PhoneRuleContext {
  /** The primary phone (phonePriority 1) rather than the second contact's. */
  primary: boolean;
  /** A category trader's ad allows a landline as the primary phone; a normal ad does not. */
  categoryTrader?: boolean;
}

/**
 * The spec's number rule (§5): null when the number may be used, else the text to show. The browser shows
 * 'invalid' only once the input is longer than 7 characters; the server always refuses.
 */
export function phoneError(input: string, ctx: PhoneRuleContext): string | null {
  if (!isValidPhone(input)) return PHONE_TEXTS.invalid;
  if (ctx.primary && !ctx.categoryTrader && isLandline(input)) return PHONE_TEXTS.landline;
  return null;
}

/** The spec's code rule: exactly five digits. */
export function isValidCode(code: unknown): code is string {
  return typeof code === 'string' && /^\d{5}$/.test(code);
}

// ---- Wire types (paths under /api/publish/) ----

/** POST valid-phone: send the first SMS (or a resend with forceSend). */
export type ValidPhoneRequest = z.input<typeof ValidPhoneRequestSchema>;

/** POST valid-phone-code: confirm the code of the SMS (or of the voice call). */
export type ValidPhoneCodeRequest = z.input<typeof ValidPhoneCodeRequestSchema>;

/** POST send_IVR_confirmation and POST valid-phone-check. */
export type PhoneOnlyRequest = z.input<typeof PhoneOnlyRequestSchema>;

/** POST update-phone-activation. CustID is accepted and ignored: the session decides whose phone it is. */
export type UpdatePhoneActivationRequest = z.input<typeof UpdatePhoneActivationRequestSchema>;

/** 200 of the phone calls. */
export type PhoneSuccess = z.infer<typeof PhoneSuccessSchema>;

/**
 * GET add-virtual?phone=… (spec §7 "add virtual phone"): a virtual number (07x) that forwards to one of the
 * customer's verified numbers; the same one again on a repeated call. 404 for a number that is not the customer's
 * verified number; 500 { error } when the provider could not give one.
 */
export type VirtualPhoneResponse = z.infer<typeof VirtualPhoneResponseSchema>;

/** 500 of the phone calls: a typed error (1-19) in `error`, or the number/code rule's texts in `errors`. */
export interface PhoneFailure {
  status: 500;
  error?: string;
  errors?: string[];
  errorType?: PhoneErrorType;
}

/** One entry of the customer's phone list (spec §3 "Phone option"). */
export type PhoneOption = z.infer<typeof PhoneOptionSchema>;

export type PhoneListResponse = z.infer<typeof PhoneListResponseSchema>;

/**
 * The SMS/voice sandbox's failure switch (developer surface behind the sandbox key): 'fail' makes the provider refuse
 * every SMS, call and virtual number; 'late' accepts an SMS without delivering it yet.
 */
export const SANDBOX_SMS_FAILURES = ['none', 'fail', 'late'] as const;
export type SandboxSmsFailure = (typeof SANDBOX_SMS_FAILURES)[number];
export const isSandboxSmsFailure = (v: unknown): v is SandboxSmsFailure =>
  (SANDBOX_SMS_FAILURES as readonly unknown[]).includes(v);

/** The SMS/voice sandbox outbox (developer surface behind the sandbox key). */
export type OutboxPhoneMessage = z.infer<typeof OutboxPhoneMessageSchema>;

// ---- Weekend calls (after-save-area.md §4, §9) ----

export { ISRAEL_TIME_ZONE };

/**
 * Whether a moment falls in the weekend-calls window: Friday 14:00 to Saturday 23:59, Israel time (spec §9). An ad
 * without weekend calls does not show its numbers then. Daylight saving is Intl's (the zone's rules), not ours.
 */
export function inWeekendWindow(at: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ISRAEL_TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = part('weekday');
  const minutes = Number(part('hour')) * 60 + Number(part('minute'));
  if (day === 'Fri') return minutes >= 14 * 60;
  return day === 'Sat';
}
