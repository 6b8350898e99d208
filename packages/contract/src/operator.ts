/**
 * The operator console's calls (/api/operator/*): what the server answers and the console reads, for staff login,
 * staff and the audit log, support, moderation and finance. Dates travel as ISO strings; the server's repositories
 * keep their own types (Date objects, internal columns) and give these shapes at the route. Every answer carries its
 * HTTP status as `status`, and a Hebrew `message` (or field `errors`) when the call is refused.
 */
import type { CaptchaChallenge, FieldError } from './auth.ts';

// ---- Staff and the audit log (login, enrolment, staff, /api/operator/audit) ----

/** The staff roles: each opens its own screens of the console; an admin opens every one. */
export const STAFF_ROLES = ['admin', 'moderator', 'support', 'finance', 'analyst'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the console knows of a staff member: the one logged in, one invited. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** A staff account as the admin's list shows it. */
export interface StaffListItem extends StaffMember {
  /** Their authenticator app is confirmed. */
  enrolled: boolean;
  disabled: boolean;
}

/** The answer of the login's first step (password) and of a setup link: the step that comes next, or why not. */
export interface StaffStepAnswer {
  status: number;
  /** The code from the authenticator app, or its enrolment first. */
  next?: 'code' | 'enrol';
  errors?: FieldError[];
  /** Asked for after too many failed logins. */
  captcha?: CaptchaChallenge;
  message?: string;
}

/** The answer of the login's second step (a code, a recovery code, an enrolment's confirmation). */
export interface StaffSessionAnswer {
  status: number;
  /** The step between the password and the code is over: sign in again. */
  ended?: boolean;
  staff?: StaffMember;
  /** An enrolment's recovery codes, shown once. */
  recoveryCodes?: string[];
  message?: string;
}

/** An entry of the audit log (it is never updated or deleted). */
export interface AuditEntry {
  id: number;
  staffId: number | null;
  staffEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** What the action recorded: a status before and after, a reason, an amount… (each action's own keys). */
  detail: Record<string, unknown>;
  ip: string | null;
  at: string;
}

// ---- Support (customers, their activity, the contact-us inbox) ----

/** A customer's account as support finds it. */
export interface CustomerSummary {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  blockedAt: string | null;
  blockedReason: string | null;
  /** Ads that are not deleted. */
  ads: number;
  /** Verified phone numbers. */
  phones: string[];
}

/** A rate-limit counter of a customer's logins or phone codes, as it stands. */
export interface LimitCounter {
  key: string;
  count: number;
  windowStart: string;
}

/** What support sees of an account's use: its latest ads, payments, phones, codes, sessions, limits and audit. */
export interface CustomerActivity {
  status: number;
  ads?: { orderId: number; cat: number; subcat: number | null; status: string; createdAt: string }[];
  payments?: { publicId: string; adType: string; amountAgorot: number; status: string; createdAt: string }[];
  phones?: { phone: string; verifiedAt: string; main: boolean; deactivated: boolean }[];
  /** Phone codes sent or read out. */
  codes?: { phone: string; channel: string; attempts: number; createdAt: string; confirmedAt: string | null }[];
  /** Its live sessions. */
  sessions?: { createdAt: string; expiresAt: string }[];
  limits?: Record<'login' | 'phone', LimitCounter[]>;
  /** What staff did to the account, its ads and its payments. */
  audit?: AuditEntry[];
  message?: string;
}

export type InboxStatus = 'new' | 'replied' | 'closed';

/** A message of the contact-us inbox. */
export interface InboxMessage {
  id: number;
  /** The subject: stored as the form's value, given to the console as its Hebrew text. */
  subject: string;
  description: string;
  email: string;
  phone: string;
  customerId: number | null;
  status: InboxStatus;
  createdAt: string;
  replyText: string | null;
  repliedAt: string | null;
  /** The e-mail of the staff member who answered. */
  repliedBy: string | null;
}

/** The inbox's messages of one status, newest first, and how many there are of each status. */
export interface InboxPage {
  status: number;
  messages?: InboxMessage[];
  counts?: Record<InboxStatus, number>;
  message?: string;
}

// ---- Moderation (/api/operator/moderation/) ----

/** Why an ad waits for a moderator. */
export type HoldReason =
  | { kind: 'words'; words: string[] }
  | { kind: 'traderSecondHand' }
  | { kind: 'category'; cat: number; subcat: number | null }
  | { kind: 'newAccount'; days: number }
  | { kind: 'photoFromAnotherAccount'; photos: number }
  | { kind: 'resubmitted' };

/** What the held ad waits as. */
export type HeldAs = 'blocked' | 'pending';
/** Where the ad was held: its first save (before a plan), going live, or a live ad's edit. */
export type HoldStage = 'save' | 'plan' | 'edit';
export type ReviewDecision = 'approved' | 'rejected';

/** A moderation case: one each time an ad is held, decided once. */
export interface ReviewCase {
  id: number;
  adId: number;
  heldAs: HeldAs;
  stage: HoldStage;
  reasons: HoldReason[];
  queuedAt: string;
  decision: ReviewDecision | null;
  rejectTemplate: string | null;
  rejectText: string | null;
  decidedAt: string | null;
}

/** An open case as the queue lists it, with its ad's title, category, advertiser and first photo. */
export interface QueueItem {
  review: ReviewCase;
  title: string;
  cat: number;
  subcat: number | null;
  customerId: number;
  email: string;
  thumbnailUrl: string | null;
}

/** A reason a moderator may give for a reject: its key and its Hebrew text. */
export interface RejectTemplateItem {
  id: string;
  text: string;
}

/** A page of the queue, oldest first; `next` is the cursor of the page after (null on the last). */
export interface QueuePage {
  status: number;
  /** The open cases, all pages together. */
  total: number;
  templates: RejectTemplateItem[];
  items: QueueItem[];
  next: string | null;
}

/** An ad as buyers will see it: every field that says something (as its label and the text shown), its photos. */
export interface AdPreview {
  title: string;
  fields: { label: string; text: string; long: boolean }[];
  photos: { url: string; thumbnailUrl: string }[];
  hasVideo: boolean;
}

/** A case with its ad as buyers will see it, its advertiser's history, the ad's earlier cases and audit. */
export interface ReviewDetail {
  status: number;
  review: ReviewCase;
  ad: {
    orderId: number;
    status: string;
    cat: number;
    subcat: number | null;
    adType: string | null;
    createdAt: string;
    publishedAt: string | null;
    endsAt: string | null;
  };
  preview: AdPreview;
  /** The blocked words the ad's text holds now (whatever a moderator let through before). */
  wordsNow: string[];
  /** The advertiser: the account, its ads by status, how often a moderator refused them, the latest ads. */
  history: {
    customer: {
      id: number;
      email: string;
      name: string;
      createdAt: string;
      blockedAt: string | null;
      phones: string[];
    } | null;
    adsByStatus: Record<string, number>;
    approved: number;
    rejected: number;
    recentAds: { orderId: number; title: string; status: string }[];
  };
  /** The ad's cases, newest first. */
  reviews: ReviewCase[];
  audit: { action: string; staffEmail: string | null; detail: Record<string, unknown>; at: string }[];
}

/** The answer of an approve or a reject: the ad's status after it. */
export interface DecisionAnswer {
  status: number;
  orderId?: number;
  adStatus?: string;
  message?: string;
  errors?: FieldError[];
}

/** Which ads are held for a moderator, beside the blocked words (an admin edits them in the console). */
export interface ModerationRules {
  /** A second-hand ad of a trader flow (after-save-area.md §4 "pending approval for a second-hand trader"). */
  traderSecondHand: boolean;
  /** Every ad of these categories (subcat null: the whole category). */
  categories: { cat: number; subcat: number | null }[];
  /** Ads of accounts younger than this many days (0: no such rule). */
  newAccountDays: number;
  /** A photo that looks like a photo of another account's ad (a copied listing). */
  photoFromAnotherAccount: boolean;
}

/** The rules and the blocked words as they stand (read, or just saved). */
export interface RulesAnswer {
  status: number;
  rules?: ModerationRules;
  words?: string[];
  updatedAt?: string;
  message?: string;
}

// ---- Finance (/api/operator/payments) ----

/** A payment as finance lists it. */
export interface PaymentItem {
  publicId: string;
  customerId: number;
  email: string;
  adId: number | null;
  purpose: string;
  adType: string;
  /** What it bought, in Hebrew (a track's or an upgrade's title); null when not known. */
  title: string | null;
  amountAgorot: number;
  /** Refunded or being refunded: an automatic refund (the whole amount) and every staff refund. */
  refundedAgorot: number;
  channel: string;
  provider: string;
  status: 'created' | 'paid' | 'failed' | 'cancelled';
  /** An automatic refund (pending or refunded), or null. */
  refundStatus: 'pending' | 'refunded' | null;
  /** The paid ad's status and category, when the payment is for an ad. */
  adStatus: string | null;
  cat: number | null;
  subcat: number | null;
  createdAt: string;
  paidAt: string | null;
}

/** The payments list's filters, as the query of GET /api/operator/payments (days are YYYY-MM-DD, Israel's). */
export interface PaymentFilter {
  status?: string;
  provider?: string;
  /** The start of the customer's e-mail. */
  customer?: string;
  /** The ad's number. */
  ad?: string;
  from?: string;
  to?: string;
  /** The `next` cursor of the page before. */
  after?: string;
}

/** A page of payments, newest first; the first page also lists those that need a hand (`attention`). */
export interface PaymentsPage {
  status: number;
  items?: PaymentItem[];
  next?: string | null;
  attention?: PaymentItem[];
  message?: string;
}

/** The answer of a staff refund: the refund and its state at the provider, or why it was refused. */
export interface RefundAnswer {
  status: number;
  refund?: { id: number; amountAgorot: number; status: 'pending' | 'refunded' };
  errors?: FieldError[];
  /** What may still be refunded, when the amount asked is more. */
  refundableAgorot?: number;
  message?: string;
}

/** A day's payments of one line of the totals: how many, paid, and refunded of them (agorot). */
export interface TotalsLine {
  payments: number;
  paidAgorot: number;
  refundedAgorot: number;
}
/** A day's totals of one payment provider. */
export interface ProviderTotals extends TotalsLine {
  provider: string;
}
/** A day's totals of one track (ad type), with its Hebrew title. */
export interface TrackTotals extends TotalsLine {
  adType: string;
  title: string;
}

/** A day's money for reconciliation, by provider and by track. */
export interface DayTotals {
  status: number;
  day?: string;
  byProvider?: ProviderTotals[];
  byTrack?: TrackTotals[];
  message?: string;
}
