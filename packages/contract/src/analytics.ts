/**
 * POST /api/analytics/events (our addition; the store the wizard's step analytics build on).
 * The spec's analytics layer "reports each step, plan choice, image, video and licence-plate action (payload not
 * shown)"; these are the image and video actions. The browser sends small batches ({ events }), from a visitor or
 * a customer: the server stores the session's customer id when there is one and never reads one from the body.
 * CSRF: the x-csrf-token header like every POST, or, for navigator.sendBeacon (which cannot set headers), the same
 * token as `csrf` in the JSON body; the cookie must match either way, and a foreign Origin is refused.
 */
import type { z } from 'zod';
import type {
  AnalyticsBatchRequestSchema,
  AnalyticsBatchResponseSchema,
  AnalyticsEventSchema,
  FunnelCategorySchema,
  FunnelResponseSchema,
  FunnelStepSchema,
  LiveAdsResponseSchema,
  PhoneSpendAlarmSchema,
  PhoneSpendHourSchema,
  PhoneSpendPrefixSchema,
  PhoneSpendResponseSchema,
} from './schemas/analytics.ts';

/** The names the server accepts; any other name refuses the whole batch (400, Hebrew message). */
export const ANALYTICS_EVENT_NAMES = [
  'image_added',
  'image_removed',
  'image_cropped',
  'image_rotated',
  'image_reordered',
  'image_main_set',
  'image_upload_failed',
  'image_upload_done',
  'video_upload_started',
  'video_upload_success',
  'video_upload_failed',
  'video_removed',
  // The wizard's step-by-step layer (the funnel), the plan choice and the licence-plate search.
  'wizard_step_shown',
  'wizard_step_passed',
  'wizard_field_error',
  'plan_chosen',
  'plate_search',
  // The finish page's outcome (after-save-area.md §4 "Finish analytics outcome") and the broker-lead
  // flow's failure flag, which finish-publish records on the server (never sent by the browser).
  'finish_outcome',
  'broker_lead_failed',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Flat props only: a few short keys with short string or finite number values (no personal data by design). */
export type AnalyticsProps = Record<string, string | number>;

/** One event as the browser sends it (schemas/analytics.ts: the names a browser may send, flat props, its time). */
export type AnalyticsEvent = Required<z.infer<typeof AnalyticsEventSchema>>;

export type AnalyticsBatchRequest = z.infer<typeof AnalyticsBatchRequestSchema>;

export type AnalyticsBatchResponse = z.infer<typeof AnalyticsBatchResponseSchema>;

/** Caps checked by the server (and kept by the browser's batching). */
export const ANALYTICS_LIMITS = {
  /** Events per request; the browser flushes at 20. */
  eventsPerBatch: 20,
  propsPerEvent: 12,
  /** A prop key: a letter, then letters, digits or _ (up to 40 characters). */
  keyPattern: /^[A-Za-z][A-Za-z0-9_]{0,39}$/,
  /** Characters of a string prop value. */
  valueLength: 200,
  /** Bytes of one request body. */
  bodyBytes: 16 * 1024,
} as const;

export function isAnalyticsEventName(name: unknown): name is AnalyticsEventName {
  return typeof name === 'string' && (ANALYTICS_EVENT_NAMES as readonly string[]).includes(name);
}

/**
 * The props each event below may carry, and no other (the server refuses a batch with any other key): ids,
 * numbers and our own texts only, never a value the user typed. `fid` is the wizard run: random, made by the
 * browser per tab and category selection: the funnel counts runs by it, not by customer (each stored event still
 * carries the session's customer id, as every analytics event does, and plan_chosen the ad number).
 */
export const ANALYTICS_EVENT_PROPS: Partial<Record<AnalyticsEventName, readonly string[]>> = {
  // `entry`: where the visit came from, one of FUNNEL_ENTRIES (the /publish query's `source`).
  wizard_step_shown: ['fid', 'cat', 'subcat', 'step', 'area', 'entry'],
  wizard_step_passed: ['fid', 'cat', 'subcat', 'step', 'area'],
  // The first error message of one field (publish-wizard.md §8): our validators' text, not the field's value.
  wizard_field_error: ['fid', 'cat', 'subcat', 'step', 'area', 'field', 'message', 'source'],
  plan_chosen: ['cat', 'subcat', 'adType', 'hash', 'orderId', 'paid'],
  plate_search: ['cat', 'subcat', 'result'],
  finish_outcome: ['cat', 'subcat', 'orderId', 'outcome'],
  broker_lead_failed: ['cat', 'subcat', 'orderId'],
};

/** Events only the server records (a browser batch carrying one is refused). */
export const SERVER_ONLY_EVENT_NAMES: readonly AnalyticsEventName[] = ['broker_lead_failed'];

/**
 * The finish page's analytics outcome (spec §4): out of slots when the package has ended, pending approval for a
 * second-hand trader's ad or StatusID 2, 9, 17, 100 (our 'pending'), otherwise upload success; null while the ad
 * has not left draft (awaiting payment, a failed payment, blocked words).
 */
export type FinishOutcome = 'outOfSlots' | 'pendingApproval' | 'uploadSuccess';
export function finishOutcomeOf(state: string): FinishOutcome | null {
  if (state === 'outOfSlots') return 'outOfSlots';
  if (state === 'pending') return 'pendingApproval';
  if (state === 'active' || state === 'paid') return 'uploadSuccess';
  return null;
}

/** Props a funnel event must carry: the run, the category and the step index. */
export const FUNNEL_REQUIRED_PROPS = ['fid', 'cat', 'step'] as const;
export const FUNNEL_EVENT_NAMES = ['wizard_step_shown', 'wizard_step_passed', 'wizard_field_error'] as const;
/**
 * The /publish query's `source` values the funnel counts (publish-wizard.md §2: ad-strength, a visit from the
 * ad-strength box); a step-shown event carries it as `entry`, any other value refuses the batch.
 */
export const FUNNEL_ENTRIES = ['ad-strength'] as const;
export type FunnelEntry = (typeof FUNNEL_ENTRIES)[number];
export function funnelEntryOf(source: string | null | undefined): FunnelEntry | undefined {
  return (FUNNEL_ENTRIES as readonly string[]).includes(source ?? '') ? (source as FunnelEntry) : undefined;
}

/** A run id: 8-40 letters and digits. */
export const FUNNEL_ID_PATTERN = /^[A-Za-z0-9_-]{8,40}$/;

/** GET /api/operator/analytics/funnel?from=&to= (analyst): per category selection, the runs of each step. */
export type FunnelStep = z.infer<typeof FunnelStepSchema>;
export type FunnelCategory = z.infer<typeof FunnelCategorySchema>;
export type FunnelResponse = z.infer<typeof FunnelResponseSchema>;

/** GET /api/operator/analytics/phone-spend?day=YYYY-MM-DD (analyst): an Israeli day's SMS and calls. */
export type PhoneSpendHour = z.infer<typeof PhoneSpendHourSchema>;
export type PhoneSpendPrefix = z.infer<typeof PhoneSpendPrefixSchema>;
export type PhoneSpendAlarm = z.infer<typeof PhoneSpendAlarmSchema>;
export type PhoneSpendResponse = z.infer<typeof PhoneSpendResponseSchema>;

/** GET /api/operator/analytics/live-ads (analyst): the ads live now, per category selection. */
export type LiveAdsResponse = z.infer<typeof LiveAdsResponseSchema>;
