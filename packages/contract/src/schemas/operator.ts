/**
 * The console's own calls (/api/operator/...): the staff login's steps, the staff member and the staff list, the
 * audit log, and support's (customers, their activity, the contact-us inbox). Types in ../operator.ts. Dates travel
 * as ISO strings; every answer carries its HTTP status as `status`, a refusal its Hebrew `message` or field `errors`.
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../operator.ts';
import { FieldErrorSchema, positiveId, withStatus200 } from './common.ts';

export const StaffRoleSchema = z.enum(STAFF_ROLES);

/** What the console knows of a staff member: the one logged in, one invited. */
export const StaffMemberSchema = z
  .object({ id: z.number().int(), email: z.string(), name: z.string(), role: StaffRoleSchema })
  .meta({ id: 'StaffMember' });

/** A staff account as the admin's list shows it. */
export const StaffListItemSchema = StaffMemberSchema.extend({
  /** Their authenticator app is confirmed. */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  /** Too many wrong codes: the account cannot sign in until then (ISO); null when it can. */
  signInLockedUntil: z.string().nullable(),
});

/** The captcha challenge asked for after too many failed logins. */
export const CaptchaChallengeSchema = z.object({
  captcha: z.literal(1),
  captchaId: z.string(),
  captchaUrl: z.string(),
});

/** POST /api/operator/login: the password step. */
export const StaffLoginRequestSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  captchaId: z.string().optional(),
  captchaAnswer: z.string().optional(),
});

/** POST /api/operator/setup: a one-time setup link's token and the new password. */
export const StaffSetupRequestSchema = z.object({ token: z.string().optional(), password: z.string().optional() });

/** The answer of the login's first step (password) and of a setup link: the step that comes next, or why not. */
export const StaffStepAnswerSchema = z.object({
  status: z.number().int(),
  /** The code from the authenticator app, or its enrolment first. */
  next: z.enum(['code', 'enrol']).optional(),
  errors: z.array(FieldErrorSchema).optional(),
  /** Asked for after too many failed logins. */
  captcha: CaptchaChallengeSchema.optional(),
  message: z.string().optional(),
});

/** POST /api/operator/login/code: a code from the app, or a recovery code. */
export const StaffCodeRequestSchema = z.object({ code: z.string().optional(), recoveryCode: z.string().optional() });

/** POST /api/operator/enrolment/confirm: a code from the app confirms its enrolment. */
export const EnrolmentConfirmRequestSchema = z.object({ code: z.string().optional() });

/** The answer of the login's second step (a code, a recovery code, an enrolment's confirmation). */
export const StaffSessionAnswerSchema = z.object({
  status: z.number().int(),
  /** The step between the password and the code is over (it ran out, too many wrong codes, a locked sign-in). */
  ended: z.boolean().optional(),
  staff: StaffMemberSchema.optional(),
  /** An enrolment's recovery codes, shown once. */
  recoveryCodes: z.array(z.string()).optional(),
  message: z.string().optional(),
});

/** POST /api/operator/enrolment/start: a new secret for the authenticator app. */
export const EnrolmentStartAnswerSchema = withStatus200({ otpauthUri: z.string(), secret: z.string() });

/** POST /api/operator/logout. */
export const StaffLogoutAnswerSchema = z.object({ status: z.literal(200) });

/** GET /api/operator/me: the staff member logged in. */
export const StaffMeAnswerSchema = withStatus200({ staff: StaffMemberSchema });

/** An entry of the audit log (it is never updated or deleted). */
export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    staffId: z.number().int().nullable(),
    staffEmail: z.string().nullable(),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    /** What the action recorded: a status before and after, a reason, an amount… (each action's own keys). */
    detail: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });

/** GET /api/operator/audit[?targetType&targetId&before]: of one target, before an entry's id to page back. */
export const AuditQuerySchema = z.object({
  targetType: z.string().optional(),
  targetId: z.string().optional(),
  before: positiveId.optional(),
});

/** A page of the audit log, newest first. */
export const AuditPageSchema = withStatus200({ entries: z.array(AuditEntrySchema) });

/** GET /api/operator/staff: the staff accounts. */
export const StaffListAnswerSchema = withStatus200({ staff: z.array(StaffListItemSchema) });

/** The e-mail of a staff invitation: an address (its spaces around are not part of it). */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/operator/staff: an invitation (each field's error is told apart). */
export const StaffInviteRequestSchema = z.object({
  email: z
    .string()
    .max(254)
    .refine((v) => EMAIL_RE.test(v.trim())),
  name: z
    .string()
    .max(60)
    .refine((v) => v.trim() !== ''),
  role: StaffRoleSchema,
});

/** The invited member and the one-time setup link to hand them. */
export const StaffInviteAnswerSchema = withStatus200({ staff: StaffMemberSchema, setupLink: z.string() });

// ---- Support ----

/** A customer's account as support finds it. */
export const CustomerSummarySchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: z.string(),
    blockedAt: z.string().nullable(),
    blockedReason: z.string().nullable(),
    /** Ads that are not deleted. */
    ads: z.number().int(),
    /** Verified phone numbers. */
    phones: z.array(z.string()),
  })
  .meta({ id: 'CustomerSummary' });

/** GET /api/operator/customers?q=: an e-mail's start, a phone number or an ad's number. */
export const CustomerSearchQuerySchema = z.object({ q: z.string().optional() });
export const CustomerSearchAnswerSchema = withStatus200({ customers: z.array(CustomerSummarySchema) });

/** A customer's id, in the path. */
export const CustomerParamsSchema = z.object({ id: positiveId });

/** A customer's account (found, blocked, unblocked). */
export const CustomerAnswerSchema = withStatus200({ customer: CustomerSummarySchema });

/** POST /api/operator/customers/:id/block: why (required, up to 500 characters). */
export const BlockRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) });

/** A rate-limit counter of a customer's logins or phone codes, as it stands. */
export const LimitCounterSchema = z.object({ key: z.string(), count: z.number().int(), windowStart: z.string() });
export const CustomerLimitsSchema = z.object({
  login: z.array(LimitCounterSchema),
  phone: z.array(LimitCounterSchema),
});

/** What support sees of an account's use: its latest ads, payments, phones, codes, sessions, limits and audit. */
export const CustomerActivitySchema = withStatus200({
  ads: z.array(
    z.object({
      orderId: z.number().int(),
      cat: z.number().int(),
      subcat: z.number().int().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      publicId: z.string(),
      adType: z.string(),
      amountAgorot: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  phones: z.array(z.object({ phone: z.string(), verifiedAt: z.string(), main: z.boolean(), deactivated: z.boolean() })),
  /** Phone codes sent or read out. */
  codes: z.array(
    z.object({
      phone: z.string(),
      channel: z.string(),
      attempts: z.number().int(),
      createdAt: z.string(),
      confirmedAt: z.string().nullable(),
    }),
  ),
  /** Its live sessions. */
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string() })),
  limits: CustomerLimitsSchema,
  /** What staff did to the account, its ads and its payments. */
  audit: z.array(AuditEntrySchema),
});

/** POST /api/operator/customers/:id/resend-code: the phone whose code is sent again. */
export const ResendCodeRequestSchema = z.object({ phone: z.string() });
export const ResendCodeAnswerSchema = withStatus200({ phone: z.string() });

/** POST /api/operator/customers/:id/reset-limits: which counters start again. */
export const ResetLimitsRequestSchema = z.object({ kind: z.enum(['login', 'phone']) });
export const ResetLimitsAnswerSchema = withStatus200({ cleared: z.number().int(), limits: CustomerLimitsSchema });

export const InboxStatusSchema = z.enum(['new', 'replied', 'closed']);

/** A message of the contact-us inbox. */
export const InboxMessageSchema = z
  .object({
    id: z.number().int(),
    /** The subject: stored as the form's value, given to the console as its Hebrew text. */
    subject: z.string(),
    description: z.string(),
    email: z.string(),
    phone: z.string(),
    customerId: z.number().int().nullable(),
    status: InboxStatusSchema,
    createdAt: z.string(),
    replyText: z.string().nullable(),
    repliedAt: z.string().nullable(),
    /** The e-mail of the staff member who answered. */
    repliedBy: z.string().nullable(),
  })
  .meta({ id: 'InboxMessage' });

/** GET /api/operator/contact-us[?status&before]: one status's messages (new by default), before a message's id. */
export const InboxQuerySchema = z.object({ status: InboxStatusSchema.optional(), before: positiveId.optional() });

/** The inbox's messages of one status, newest first, and how many there are of each status. */
export const InboxPageSchema = withStatus200({
  messages: z.array(InboxMessageSchema),
  counts: z.record(InboxStatusSchema, z.number().int()),
});

/** A message's id, in the path. */
export const InboxMessageParamsSchema = z.object({ id: positiveId });

/** POST /api/operator/contact-us/:id/answer: a reply's text (up to 5000 characters), or `close: true`. */
export const InboxAnswerRequestSchema = z.object({ text: z.string().optional(), close: z.boolean().optional() });
export const InboxAnswerAnswerSchema = withStatus200({ message: InboxMessageSchema.nullable() });
