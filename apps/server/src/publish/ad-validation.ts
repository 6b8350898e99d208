import type { Selectors, WireValues } from '@app/contract/publish';
import { errorText } from '@app/form-engine/messages';
import { DISPLAY_ONLY_TYPES, type Mode, type StepDef, type Values } from '@app/form-engine/model';
import { buildPayload, valuesFromPayload, wireName } from '@app/form-engine/payload';
import { mergeRecords } from '@app/form-engine/records';
import type { Resolution } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
import { serverOptionsSource } from '../catalogue/option-lists.ts';

export interface AdCheck {
  /** Values of the definition's fields only (anything else in the request is ignored). */
  values: Values;
  /** What would be stored: the active fields' wire values. */
  payload: WireValues;
  /** Field id → Hebrew message, for steps 0..upToStep. */
  errors: Record<string, string>;
  resolution: Resolution;
}

/** A call's query string as Fastify reads it. */
export type Query = Record<string, string | string[] | undefined>;

/** A query string's values as a payload: `name[]` and repeated names become lists (the spec's GET save-ad). */
export function queryPayload(query: Query): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    out[key.endsWith('[]') ? key.slice(0, -2) : key] = value;
  }
  return out;
}

/** Made once: building an Intl.DateTimeFormat costs about as much as the rest of a step's check (profiled at save). */
const ISRAEL_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' });

/**
 * The last answer, by the UTC minute it was for: Israel's offset from UTC is whole hours, so its date never changes
 * within a UTC minute, and every save of the same minute is answered without formatting the date again.
 */
let lastToday = { minute: Number.NaN, date: '' };

/** Today's date in Israel as YYYY-MM-DD (the date rules' "today"). */
export function israelToday(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastToday.minute) lastToday = { minute, date: ISRAEL_DATE.format(now) };
  return lastToday.date;
}

/**
 * The server's check of a received form: the same resolver and validators the browser runs, with every
 * dependent option list known, so an option that does not belong to its parent's value is an error.
 */
export function checkAd(
  steps: readonly StepDef[],
  selectors: Selectors,
  received: Readonly<Record<string, unknown>>,
  ctx: {
    mode: Mode;
    isTrader: boolean;
    now: Date;
    upToStep?: number;
    abTests?: ReadonlySet<string>;
    /** Edit mode: the saved values of the locked fields, which the form reads and the request cannot change. */
    locked?: Values;
  },
): AdCheck {
  const values = mergeRecords(ctx.locked, valuesFromPayload(steps, received));
  const resolution = resolve(steps, values, {
    mode: ctx.mode,
    isTrader: ctx.isTrader,
    abTests: ctx.abTests ?? new Set(),
    today: israelToday(ctx.now),
    options: serverOptionsSource(selectors),
  });
  const upTo = ctx.upToStep ?? Number.POSITIVE_INFINITY;
  const errors: Record<string, string> = {};
  for (const error of resolution.errors) {
    const field = resolution.fields[error.field];
    if (field && field.step <= upTo && !(error.field in errors)) errors[error.field] = errorText(error);
  }
  const cat = Number(selectors.cat);
  const payload = buildPayload(resolution, {
    mode: ctx.mode,
    cat,
    ...(selectors.subcat ? { subcat: Number(selectors.subcat) } : {}),
    ...(selectors.SalesCatID ? { SalesCatID: Number(selectors.SalesCatID) } : {}),
    ...(selectors.SalesSubCatID ? { SalesSubCatID: Number(selectors.SalesSubCatID) } : {}),
  });
  return { values: resolution.values, payload, errors, resolution };
}

const MAX_DRAFT_TEXT = 5000;

/**
 * A draft's values: the definition's fields only, by wire name, strings or lists of strings of bounded size.
 * Nothing else in the request is kept.
 */
export function draftValues(steps: readonly StepDef[], received: Readonly<Record<string, unknown>>): WireValues {
  const keys = new Set(
    steps
      .flatMap((step) => step.fields)
      .filter((f) => !DISPLAY_ONLY_TYPES.has(f.type))
      .map((f) => wireName(f).key),
  );
  const out: WireValues = {};
  for (const [key, value] of Object.entries(received)) {
    if (!keys.has(key)) continue;
    if (typeof value === 'string' && value.length <= MAX_DRAFT_TEXT) out[key] = value;
    else if (
      Array.isArray(value) &&
      value.length <= 100 &&
      value.every((v) => typeof v === 'string' && v.length <= 200)
    ) {
      out[key] = value as string[];
    }
  }
  return out;
}

/**
 * The A/B tests the browser says are active for this form (`ab=<testId>`, repeatable). They only show or hide
 * optional steps, so the server follows the browser to resolve the same steps.
 */
export function abTestsOf(source: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  const raw = source.ab;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return new Set(list.filter((v): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(v)));
}
