/**
 * A/B tests of the wizard (a step or field with `showOnABTest` shows only while its test is active for the
 * user, publish-wizard.md §4). Who is in a test:
 * - an override in the URL, for QA and tests: `?ab=<testId>` switches a test on, `?ab=-<testId>` off
 *   (repeatable); it is remembered in sessionStorage for the tab, so later pages of the flow keep it;
 * - otherwise a stable assignment per customer: half of the customers, by a hash of the test id and the
 *   customer id (a customer stays in or out of a test on every device; tests split independently);
 *   guests are in no test.
 * The active tests go to the server as `ab=<testId>` on check-step and save-ad, so it resolves the same steps.
 * A test in AB_ROLLED_OUT is on for everyone (guests too) unless an override switches it off: a rollout, not a
 * split. Moving a test from there to a 50/50 split is deleting it from that set.
 * Small and free of React: the first /publish screen remembers the override.
 */
export const AB_PARAM = 'ab';
const STORAGE_KEY = 'publish.abTests';
const TEST_ID = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * The plan step's broker-lead experiment (after-save-area.md §4 "Choose-type flow": a free real-estate sale shows
 * the broker-lead flow first while the experiment is on). Rolled out to everyone in the sandbox/demo so the flow
 * is exercised; `?ab=-brokerLead` switches it off for the tab, `?ab=brokerLead` on again.
 */
export const BROKER_LEAD_TEST = 'brokerLead';

/** Tests on for everyone unless an override says otherwise. */
export const AB_ROLLED_OUT: ReadonlySet<string> = new Set([BROKER_LEAD_TEST]);

/** Test id → on (true) or off (false). */
export type AbOverrides = Readonly<Record<string, boolean>>;

/** The overrides a query carries (`ab=<id>` on, `ab=-<id>` off); ids that are not plain names are ignored. */
export function overridesOf(query: URLSearchParams): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const raw of query.getAll(AB_PARAM)) {
    const off = raw.startsWith('-');
    const id = off ? raw.slice(1) : raw;
    if (TEST_ID.test(id)) out[id] = !off;
  }
  return out;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage disabled: overrides last as long as the URL has them
  }
}

/** The overrides remembered for this tab. */
export function rememberedOverrides(store: Storage | undefined = storage()): AbOverrides {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([id, on]) => TEST_ID.test(id) && typeof on === 'boolean'),
    ) as AbOverrides;
  } catch {
    return {};
  }
}

/** Remembers the query's overrides (on top of the earlier ones); returns them all. */
export function rememberOverrides(query: URLSearchParams, store: Storage | undefined = storage()): AbOverrides {
  const given = overridesOf(query);
  const all = { ...rememberedOverrides(store), ...given };
  if (Object.keys(given).length > 0) {
    try {
      store?.setItem(STORAGE_KEY, JSON.stringify(all));
    } catch {
      // full or disabled storage: the URL still carries them
    }
  }
  return all;
}

/** 32-bit FNV-1a of a text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The stable assignment: is this customer in the test? Guests (id 0) are in none. */
export function assignedTo(testId: string, customerId: number): boolean {
  return customerId > 0 && hash(`${testId}:${customerId}`) % 2 === 1;
}

/** The tests among `testIds` that are active: the override when there is one, else the assignment. */
export function activeAbTests(testIds: Iterable<string>, customerId: number, overrides: AbOverrides): Set<string> {
  const active = new Set<string>();
  for (const id of testIds) {
    if (abTestOn(id, customerId, overrides)) active.add(id);
  }
  return active;
}

/** One test: the override when there is one, else on when rolled out, else the customer's assignment. */
export function abTestOn(testId: string, customerId: number, overrides: AbOverrides): boolean {
  if (Object.hasOwn(overrides, testId)) return overrides[testId] === true;
  return AB_ROLLED_OUT.has(testId) || assignedTo(testId, customerId);
}
