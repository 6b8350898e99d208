import {
  ANALYTICS_EVENT_PROPS,
  ANALYTICS_LIMITS,
  type AnalyticsEventName,
  type AnalyticsProps,
  FUNNEL_EVENT_NAMES,
  FUNNEL_ID_PATTERN,
  FUNNEL_REQUIRED_PROPS,
  funnelEntryOf,
  isAnalyticsEventName,
  SERVER_ONLY_EVENT_NAMES,
} from '@app/contract/analytics';
import { he } from '../i18n/messages.ts';

export interface CheckedEvent {
  name: AnalyticsEventName;
  props: AnalyticsProps;
  occurredAt: Date;
}

type Check = { ok: true; events: CheckedEvent[] } | { ok: false; message: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readProps(raw: unknown): AnalyticsProps | null {
  if (raw === undefined) return {};
  if (!isPlainObject(raw)) return null;
  const entries = Object.entries(raw);
  if (entries.length > ANALYTICS_LIMITS.propsPerEvent) return null;
  const props: AnalyticsProps = {};
  for (const [key, value] of entries) {
    if (!ANALYTICS_LIMITS.keyPattern.test(key)) return null;
    if (typeof value === 'string' && value.length <= ANALYTICS_LIMITS.valueLength) props[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) props[key] = value;
    else return null;
  }
  return props;
}

const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100_000;

/**
 * An event with listed props (ANALYTICS_EVENT_PROPS) carries only those keys (ids, numbers, our own texts: no typed
 * values), and the funnel's events a run id, a category and a step index, so the funnel can count them.
 */
function propsAllowed(name: AnalyticsEventName, props: AnalyticsProps): boolean {
  const allowed = ANALYTICS_EVENT_PROPS[name];
  if (allowed && Object.keys(props).some((key) => !allowed.includes(key))) return false;
  if (!(FUNNEL_EVENT_NAMES as readonly string[]).includes(name)) return true;
  if (FUNNEL_REQUIRED_PROPS.some((key) => props[key] === undefined)) return false;
  if (typeof props.fid !== 'string' || !FUNNEL_ID_PATTERN.test(props.fid)) return false;
  if (!isCount(props.cat) || !isCount(props.step)) return false;
  if (props.entry !== undefined && funnelEntryOf(String(props.entry)) !== props.entry) return false;
  return props.subcat === undefined || isCount(props.subcat);
}

/**
 * Reads a batch { events: [{ name, props, at }] }: 1..eventsPerBatch events, names from the allowlist, props flat
 * (string or finite number values, capped keys and lengths). The browser's time is kept when it is within the
 * last day (and at most a minute ahead), else the receiving time. Anything else in the body is ignored (a
 * customer id above all: the route takes it from the session). One bad event refuses the whole batch.
 */
export function readAnalyticsBatch(body: unknown, now: Date): Check {
  const events = isPlainObject(body) ? body.events : undefined;
  if (!Array.isArray(events) || events.length === 0 || events.length > ANALYTICS_LIMITS.eventsPerBatch)
    return { ok: false, message: he.analyticsBatch };
  const checked: CheckedEvent[] = [];
  for (const event of events) {
    if (!isPlainObject(event)) return { ok: false, message: he.analyticsBatch };
    if (!isAnalyticsEventName(event.name) || SERVER_ONLY_EVENT_NAMES.includes(event.name))
      return { ok: false, message: he.analyticsEventName };
    const props = readProps(event.props);
    if (!props || !propsAllowed(event.name, props)) return { ok: false, message: he.analyticsBatch };
    const at = event.at;
    const plausible =
      typeof at === 'number' && Number.isFinite(at) && at >= now.getTime() - DAY_MS && at <= now.getTime() + 60_000;
    checked.push({ name: event.name, props, occurredAt: plausible ? new Date(at) : now });
  }
  return { ok: true, events: checked };
}
