import type { AnalyticsBatchRequest, AnalyticsEventName, AnalyticsProps } from '@app/contract/analytics';

/** Batches per address per window: a person's page sends one every few seconds at most; a script is stopped. */
export const ANALYTICS_BATCHES_PER_WINDOW = 120;

export interface CheckedEvent {
  name: AnalyticsEventName;
  props: AnalyticsProps;
  occurredAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The events of a batch its schema took (packages/contract/src/schemas/analytics.ts: 1..20 events, names from the
 * allowlist, flat props within their caps, each event's own keys), as stored: the browser's time is kept when it is
 * within the last day (and at most a minute ahead), else the receiving time.
 */
export function checkedEvents(events: AnalyticsBatchRequest['events'], now: Date): CheckedEvent[] {
  return events.map((event) => {
    const at = event.at;
    const plausible =
      at !== undefined && Number.isFinite(at) && at >= now.getTime() - DAY_MS && at <= now.getTime() + 60_000;
    return { name: event.name, props: event.props ?? {}, occurredAt: plausible ? new Date(at) : now };
  });
}
