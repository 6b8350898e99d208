/**
 * The analytics calls: the browser's event batches (POST /api/analytics/events) and the analysts' console calls
 * (/api/operator/analytics/*). Types in ../analytics.ts, with the names, caps and rules the browser keeps.
 */
import { z } from 'zod';
import {
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_EVENT_PROPS,
  ANALYTICS_LIMITS,
  type AnalyticsEventName,
  FUNNEL_EVENT_NAMES,
  FUNNEL_ID_PATTERN,
  FUNNEL_REQUIRED_PROPS,
  funnelEntryOf,
  SERVER_ONLY_EVENT_NAMES,
} from '../analytics.ts';
import { isoDay, orEmpty } from './common.ts';

/** The names a browser may send: every name but those only the server records. */
const BROWSER_EVENT_NAMES = ANALYTICS_EVENT_NAMES.filter((n) => !SERVER_ONLY_EVENT_NAMES.includes(n)) as [
  AnalyticsEventName,
  ...AnalyticsEventName[],
];

export const AnalyticsEventNameSchema = z.enum(ANALYTICS_EVENT_NAMES);

/** Flat props only: a few short keys with short string or finite number values (no personal data by design). */
export const AnalyticsPropsSchema = z
  .record(
    z.string().regex(ANALYTICS_LIMITS.keyPattern),
    z.union([z.string().max(ANALYTICS_LIMITS.valueLength), z.number()]),
  )
  .refine((props) => Object.keys(props).length <= ANALYTICS_LIMITS.propsPerEvent);

const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100_000;

/**
 * An event with listed props (ANALYTICS_EVENT_PROPS) carries only those keys (ids, numbers, our own texts: no typed
 * values), and the funnel's events a run id, a category and a step index, so the funnel can count them.
 */
export function propsAllowed(name: AnalyticsEventName, props: Record<string, string | number>): boolean {
  const allowed = ANALYTICS_EVENT_PROPS[name];
  if (allowed && Object.keys(props).some((key) => !allowed.includes(key))) return false;
  if (!(FUNNEL_EVENT_NAMES as readonly string[]).includes(name)) return true;
  if (FUNNEL_REQUIRED_PROPS.some((key) => props[key] === undefined)) return false;
  if (typeof props.fid !== 'string' || !FUNNEL_ID_PATTERN.test(props.fid)) return false;
  if (!isCount(props.cat) || !isCount(props.step)) return false;
  if (props.entry !== undefined && funnelEntryOf(String(props.entry)) !== props.entry) return false;
  return props.subcat === undefined || isCount(props.subcat);
}

/** One event: an allowed name, its props (none is the same as {}), and when it happened (epoch milliseconds). */
export const AnalyticsEventSchema = z
  .object({
    name: z.enum(BROWSER_EVENT_NAMES),
    props: AnalyticsPropsSchema.optional(),
    /** The browser's time: kept when within the last day (and at most a minute ahead), else the receiving time. */
    at: z.number().optional(),
  })
  .refine((e) => propsAllowed(e.name, e.props ?? {}), { path: ['props'] });

/**
 * POST /api/analytics/events: 1 to 20 events, one bad event refuses the whole batch. Anything else in the body is
 * not read (a customer id above all: the route takes it from the session).
 */
export const AnalyticsBatchRequestSchema = z.object({
  events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_LIMITS.eventsPerBatch),
  /** The CSRF token, for sendBeacon only (fetch sends the header instead). */
  csrf: z.string().optional(),
});

export const AnalyticsBatchResponseSchema = z.object({ status: z.literal('ok'), stored: z.number().int() });

// ---- The analysts' console calls ----

/** GET /api/operator/analytics/funnel?from=&to= (YYYY-MM-DD, `to` inclusive; by default the last 30 days). */
export const FunnelQuerySchema = z.object({ from: orEmpty(isoDay), to: orEmpty(isoDay) });

export const FunnelStepSchema = z.object({
  step: z.number().int(),
  area: z.string(),
  /** The step's title in the catalogue (the area name when the catalogue has none). */
  title: z.string(),
  /** Runs that saw the step. */
  shown: z.number().int(),
  /** Runs that passed it. */
  passed: z.number().int(),
  /** Runs that met a field error on it. */
  withErrors: z.number().int(),
});

export const FunnelCategorySchema = z.object({
  cat: z.number().int(),
  subcat: z.number().int().nullable(),
  /** Hebrew name of the category selection ("רכב · פרטי"). */
  title: z.string(),
  /** Runs that saw a step of the wizard. */
  started: z.number().int(),
  /** Of those, runs that came from the ad-strength box (`source=ad-strength`). */
  fromAdStrength: z.number().int(),
  steps: z.array(FunnelStepSchema),
  /** Ads of the selection published in the period (the ads themselves, not a browser event). */
  published: z.number().int(),
});

export const FunnelResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  categories: z.array(FunnelCategorySchema),
});

/** GET /api/operator/analytics/phone-spend?day=YYYY-MM-DD (Israel's day; today by default). */
export const PhoneSpendQuerySchema = z.object({ day: isoDay.optional() });

/** One hour (Israel's) of a day's SMS and verification calls. */
export const PhoneSpendHourSchema = z.object({
  /** 0-23, Israel's clock. */
  hour: z.number().int(),
  sms: z.number().int(),
  calls: z.number().int(),
});

/** One prefix (050, 02, …) of a day's sends, and its SMS in the guard's current hour. */
export const PhoneSpendPrefixSchema = z.object({
  prefix: z.string(),
  sms: z.number().int(),
  calls: z.number().int(),
  /** SMS counted by the per-prefix guard in its current hour (0 when its hour has passed). */
  currentHour: z.number().int(),
});

/**
 * The pumping alarm: a guard near or at its limit. budget: the site's SMS and calls today (the daily budget);
 * prefix: one prefix's SMS in an hour. warning from 80% of the limit, critical at it (sending there has stopped).
 */
export const PhoneSpendAlarmSchema = z.object({
  kind: z.enum(['budget', 'prefix']),
  level: z.enum(['warning', 'critical']),
  prefix: z.string().optional(),
  count: z.number().int(),
  limit: z.number().int(),
});

export const PhoneSpendResponseSchema = z.object({
  day: z.string(),
  /** The daily budget's guard now: SMS and calls counted in its window, the limit, when the window ends. */
  budget: z.object({ used: z.number().int(), limit: z.number().int(), resetsAt: z.string().nullable() }),
  prefixHourlyLimit: z.number().int(),
  /** The day's sends (failed: the provider sent nothing; they cost nothing and are not in sms or calls). */
  totals: z.object({ sms: z.number().int(), calls: z.number().int(), failed: z.number().int() }),
  byHour: z.array(PhoneSpendHourSchema),
  byPrefix: z.array(PhoneSpendPrefixSchema),
  alarms: z.array(PhoneSpendAlarmSchema),
});

/** GET /api/operator/analytics/live-ads: the ads live now, per category selection. */
export const LiveAdsResponseSchema = z.object({
  total: z.number().int(),
  categories: z.array(
    z.object({ cat: z.number().int(), subcat: z.number().int().nullable(), title: z.string(), live: z.number().int() }),
  ),
});
