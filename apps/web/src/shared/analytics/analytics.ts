import {
  ANALYTICS_LIMITS,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsProps,
  isAnalyticsEventName,
} from '@app/contract/analytics';
import { CSRF_COOKIE } from '@app/contract/auth';
import { postJson, readCookie } from '../api/index.ts';

/** POST /api/analytics/events (our addition; packages/contract/src/analytics.ts). */
export const ANALYTICS_URL = '/api/analytics/events';
/** A batch waits at most this long after its first event… */
export const FLUSH_DELAY_MS = 2000;
/** …or until it has this many events (the server's per-request cap). */
export const FLUSH_AT = ANALYTICS_LIMITS.eventsPerBatch;
/** Events kept while sending fails (the oldest are dropped): analytics never grows without bound. */
const QUEUE_MAX = 200;

export interface TrackerDeps {
  /** Sends a batch; may fail or reject, the tracker ignores the outcome. */
  post(events: AnalyticsEvent[]): Promise<unknown>;
  /** Queues a batch for the browser to send after the page is gone (sendBeacon); false when it could not. */
  beacon(events: AnalyticsEvent[]): boolean;
  now(): number;
}

export interface Tracker {
  track(name: AnalyticsEventName, props?: Record<string, unknown>): void;
  /** Sends what is queued now, by fetch. */
  flush(): void;
  /** Sends what is queued by sendBeacon (page hidden or leaving), by fetch where the beacon refuses. */
  flushOnExit(): void;
}

/** Flat props within the server's caps: other keys and values are dropped, long strings cut. */
export function cleanProps(props: Record<string, unknown> = {}): AnalyticsProps {
  const clean: AnalyticsProps = {};
  let count = 0;
  for (const [key, value] of Object.entries(props)) {
    if (count >= ANALYTICS_LIMITS.propsPerEvent || !ANALYTICS_LIMITS.keyPattern.test(key)) continue;
    if (typeof value === 'string') clean[key] = value.slice(0, ANALYTICS_LIMITS.valueLength);
    else if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
    else continue;
    count++;
  }
  return clean;
}

/**
 * Batches events: a batch goes FLUSH_DELAY_MS after its first event, or at once when it reaches FLUSH_AT; when the
 * page is hidden or left, what is queued goes by sendBeacon. Nothing here throws or waits: a failed send is lost.
 */
export function createTracker(deps: TrackerDeps): Tracker {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancelTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const batches = (): AnalyticsEvent[][] => {
    const out: AnalyticsEvent[][] = [];
    while (queue.length) out.push(queue.splice(0, FLUSH_AT));
    return out;
  };
  const send = (events: AnalyticsEvent[]) => {
    try {
      deps.post(events).catch(() => undefined);
    } catch {
      // Analytics never breaks the page.
    }
  };

  const flush = () => {
    cancelTimer();
    for (const batch of batches()) send(batch);
  };

  return {
    track(name, props) {
      try {
        if (!isAnalyticsEventName(name)) return; // one unknown name would make the server refuse the batch
        queue.push({ name, props: cleanProps(props), at: deps.now() });
        if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
        if (queue.length >= FLUSH_AT) flush();
        else if (timer === undefined) timer = setTimeout(flush, FLUSH_DELAY_MS);
      } catch {
        // Analytics never breaks the page.
      }
    },
    flush,
    flushOnExit() {
      cancelTimer();
      for (const batch of batches()) {
        let sent = false;
        try {
          sent = deps.beacon(batch);
        } catch {
          sent = false;
        }
        if (!sent) send(batch);
      }
    },
  };
}

/**
 * The browser's transport: fetch through the API client (CSRF header), and sendBeacon with a JSON Blob carrying
 * the CSRF token in the body (a beacon cannot set headers; the server reads the token there for this route only).
 */
function browserDeps(): TrackerDeps {
  return {
    post: (events) => postJson(ANALYTICS_URL, { events }),
    beacon(events) {
      const csrf = readCookie(CSRF_COOKIE);
      if (!csrf || typeof navigator.sendBeacon !== 'function') return false;
      const body = new Blob([JSON.stringify({ events, csrf })], { type: 'application/json' });
      return navigator.sendBeacon(ANALYTICS_URL, body);
    },
    now: () => Date.now(),
  };
}

let tracker: Tracker | undefined;

function browserTracker(): Tracker | undefined {
  if (tracker || typeof window === 'undefined') return tracker;
  tracker = createTracker(browserDeps());
  const exit = () => tracker?.flushOnExit();
  window.addEventListener('pagehide', exit);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') exit();
  });
  return tracker;
}

/** Records an image or video action for analytics. Never throws, never waits. */
export function track(name: AnalyticsEventName, props?: Record<string, unknown>): void {
  try {
    browserTracker()?.track(name, props);
  } catch {
    // Analytics never breaks the page.
  }
}
