/**
 * The operator console's calls (/api/operator/*): what the server answers and the console reads, for staff login,
 * staff and the audit log, support, moderation and finance. Dates travel as ISO strings; the server's repositories
 * keep their own types (Date objects, internal columns) and give these shapes at the route. Every answer carries its
 * HTTP status as `status`, and a Hebrew `message` (or field `errors`) when the call is refused.
 */
import type { z } from 'zod';
import type { AnswerOf } from './schemas/common.ts';
import type {
  DayTotalsSchema,
  PaymentDetailSchema,
  PaymentFilterSchema,
  PaymentItemSchema,
  PaymentsPageSchema,
  ProviderTotalsSchema,
  RefundAnswerSchema,
  StaffRefundItemSchema,
  TotalsLineSchema,
  TrackTotalsSchema,
} from './schemas/finance.ts';
import type {
  AdPreviewSchema,
  BulkDecisionAnswerSchema,
  BulkDecisionRequestSchema,
  DecisionAnswerSchema,
  HeldAsSchema,
  HoldReasonSchema,
  HoldStageSchema,
  ModerationRulesSchema,
  QueueItemSchema,
  QueuePageSchema,
  RejectTemplateItemSchema,
  ReviewCaseSchema,
  ReviewDecisionSchema,
  ReviewDetailSchema,
  RulesAnswerSchema,
} from './schemas/moderation.ts';
import type {
  AuditEntrySchema,
  CustomerActivitySchema,
  CustomerSummarySchema,
  InboxMessageSchema,
  InboxPageSchema,
  InboxStatusSchema,
  LimitCounterSchema,
  StaffListItemSchema,
  StaffMemberSchema,
  StaffSessionAnswerSchema,
  StaffStepAnswerSchema,
} from './schemas/operator.ts';

// ---- Staff and the audit log (login, enrolment, staff, /api/operator/audit) ----

/** The staff roles: each opens its own screens of the console; an admin opens every one. */
export const STAFF_ROLES = ['admin', 'moderator', 'support', 'finance', 'analyst'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the console knows of a staff member: the one logged in, one invited. */
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** A staff account as the admin's list shows it. */
export type StaffListItem = z.infer<typeof StaffListItemSchema>;

/** The answer of the login's first step (password) and of a setup link: the step that comes next, or why not. */
export type StaffStepAnswer = z.infer<typeof StaffStepAnswerSchema>;

/** The answer of the login's second step (a code, a recovery code, an enrolment's confirmation). */
export type StaffSessionAnswer = z.infer<typeof StaffSessionAnswerSchema>;

/** An entry of the audit log (it is never updated or deleted). */
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

// ---- Support (customers, their activity, the contact-us inbox) ----

/** A customer's account as support finds it. */
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

/** A rate-limit counter of a customer's logins or phone codes, as it stands. */
export type LimitCounter = z.infer<typeof LimitCounterSchema>;

/** What support sees of an account's use: its latest ads, payments, phones, codes, sessions, limits and audit. */
export type CustomerActivity = AnswerOf<typeof CustomerActivitySchema>;

export type InboxStatus = z.infer<typeof InboxStatusSchema>;

/** A message of the contact-us inbox. */
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

/** The inbox's messages of one status, newest first, and how many there are of each status. */
export type InboxPage = AnswerOf<typeof InboxPageSchema>;

// ---- Moderation (/api/operator/moderation/; the shapes: schemas/moderation.ts) ----

/** Why an ad waits for a moderator. */
export type HoldReason = z.infer<typeof HoldReasonSchema>;
/** What the held ad waits as. */
export type HeldAs = z.infer<typeof HeldAsSchema>;
/** Where the ad was held: its first save (before a plan), going live, or a live ad's edit. */
export type HoldStage = z.infer<typeof HoldStageSchema>;
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;
/** A moderation case: one each time an ad is held, decided once. */
export type ReviewCase = z.infer<typeof ReviewCaseSchema>;
/** An open case as the queue lists it, with its ad's title, category, advertiser and first photo. */
export type QueueItem = z.infer<typeof QueueItemSchema>;
/** A reason a moderator may give for a reject: its key and its Hebrew text. */
export type RejectTemplateItem = z.infer<typeof RejectTemplateItemSchema>;
/** A page of the queue, oldest first; `next` is the cursor of the page after (null on the last). */
export type QueuePage = z.infer<typeof QueuePageSchema>;
/** An ad as buyers will see it: every field that says something (as its label and the text shown), its photos. */
export type AdPreview = z.infer<typeof AdPreviewSchema>;
/** A case with its ad as buyers will see it, its advertiser's history, the ad's earlier cases and audit. */
export type ReviewDetail = z.infer<typeof ReviewDetailSchema>;
/** The answer of an approve or a reject: the ad's status after it. */
export type DecisionAnswer = z.infer<typeof DecisionAnswerSchema>;
/** Many cases decided at once, and the answer: each case's outcome. */
export type BulkDecisionRequest = z.infer<typeof BulkDecisionRequestSchema>;
export type BulkDecisionAnswer = AnswerOf<typeof BulkDecisionAnswerSchema>;
/** Which ads are held for a moderator, beside the blocked words (an admin edits them in the console). */
export type ModerationRules = z.infer<typeof ModerationRulesSchema>;
/** The rules and the blocked words as they stand (read, or just saved). */
export type RulesAnswer = AnswerOf<typeof RulesAnswerSchema>;

// ---- Finance (/api/operator/payments; the shapes: schemas/finance.ts) ----

/** A payment as finance lists it. */
export type PaymentItem = z.infer<typeof PaymentItemSchema>;
/** The payments list's filters, as the query of GET /api/operator/payments (days are YYYY-MM-DD, Israel's). */
export type PaymentFilter = z.infer<typeof PaymentFilterSchema>;
/** A page of payments, newest first; the first page also lists those that need a hand (`attention`). */
export type PaymentsPage = AnswerOf<typeof PaymentsPageSchema>;
/** A refund a staff member made of a payment (not the automatic refund of a refused ad). */
export type StaffRefundItem = z.infer<typeof StaffRefundItemSchema>;
/** One payment (GET /api/operator/payments/:id): as the list shows it, what is left to refund, its staff refunds. */
export type PaymentDetail = AnswerOf<typeof PaymentDetailSchema>;
/** The answer of a staff refund: the refund and its state at the provider, or why it was refused. */
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;
/** A day's payments of one line of the totals: how many, paid, and refunded of them (agorot). */
export type TotalsLine = z.infer<typeof TotalsLineSchema>;
/** A day's totals of one payment provider. */
export type ProviderTotals = z.infer<typeof ProviderTotalsSchema>;
/** A day's totals of one track (ad type), with its Hebrew title. */
export type TrackTotals = z.infer<typeof TrackTotalsSchema>;
/** A day's money for reconciliation, by provider and by track. */
export type DayTotals = AnswerOf<typeof DayTotalsSchema>;
