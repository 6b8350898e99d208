/**
 * POST /api/analytics/events (our addition; issue 8 item 9, the store that issue 11's analytics layer builds on).
 * The spec's analytics layer "reports each step, plan choice, image, video and licence-plate action (payload not
 * shown)"; these are the image and video actions. The browser sends small batches ({ events }), from a visitor or
 * a customer: the server stores the session's customer id when there is one and never reads one from the body.
 * CSRF: the x-csrf-token header like every POST, or, for navigator.sendBeacon (which cannot set headers), the same
 * token as `csrf` in the JSON body; the cookie must match either way, and a foreign Origin is refused.
 */

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
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Flat props only: a few short keys with short string or finite number values (no personal data by design). */
export type AnalyticsProps = Record<string, string | number>;

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  props: AnalyticsProps;
  /** When it happened in the browser, epoch milliseconds (the server clamps it to the last day). */
  at: number;
}

export interface AnalyticsBatchRequest {
  events: AnalyticsEvent[];
  /** The CSRF token, for sendBeacon only (fetch sends the header instead). */
  csrf?: string;
}

export interface AnalyticsBatchResponse {
  status: 'ok';
  stored: number;
}

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
