/**
 * The wizard's data at its edges: selectors from the route query, the engine's payload context, the draft's
 * values, server field errors mapped back to fields, and the errors a step shows.
 */
import { SELECTOR_KEYS, type SelectorKey, type Selectors, type WireValues } from '@app/contract/publish';
import { parseNumber } from '@app/form-engine/format';
import { errorText, serverErrorText } from '@app/form-engine/messages';
import { DISPLAY_ONLY_TYPES, type Mode, type StepDef, type Values } from '@app/form-engine/model';
import { type PayloadContext, wireName } from '@app/form-engine/payload';
import type { Resolution } from '@app/form-engine/resolution';
import { chosenItems, isChosen } from '@app/form-engine/values';
import { htmlToText } from '../../shared/format/index.ts';

/**
 * The values the route query gives step 0's fields: the selector the sub-category picker chose (subcat,
 * SalesSubCatID, petType…) is a field of the catalogue's category step, which conditions and lists read.
 */
export function selectorValues(step: StepDef | undefined, selectors: Selectors): Values {
  const out: Record<string, string> = {};
  for (const def of step?.fields ?? []) {
    const value = (SELECTOR_KEYS as readonly string[]).includes(def.id) ? selectors[def.id as SelectorKey] : undefined;
    if (value !== undefined) out[def.id] = value;
  }
  return out;
}

/** The A/B tests the steps and fields name (showOnABTest). */
export function abTestIdsOf(steps: readonly StepDef[]): Set<string> {
  const ids = new Set<string>();
  for (const step of steps) {
    if (step.showOnABTest) ids.add(step.showOnABTest);
    for (const def of step.fields) if (def.showOnABTest) ids.add(def.showOnABTest);
  }
  return ids;
}

/** The active A/B tests as the server reads them: `ab=<testId>` (repeated), nothing when none is active. */
export function abTestParams(active: ReadonlySet<string>): { ab?: string[] } {
  return active.size > 0 ? { ab: [...active].sort() } : {};
}

const num = (value: string | undefined): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

export function payloadContext(selectors: Selectors, mode: Mode): PayloadContext {
  const context: PayloadContext = { mode, cat: num(selectors.cat) ?? 0 };
  const subcat = num(selectors.subcat);
  const salesCat = num(selectors.SalesCatID);
  const salesSubCat = num(selectors.SalesSubCatID);
  if (subcat !== undefined) context.subcat = subcat;
  if (salesCat !== undefined) context.SalesCatID = salesCat;
  if (salesSubCat !== undefined) context.SalesSubCatID = salesSubCat;
  return context;
}

/**
 * Every value the user gave (active or not, so nothing typed is lost), by wire name; numbers without
 * separators; display-only fields and values that are not chosen are left out.
 */
export function draftValues(steps: readonly StepDef[], values: Values): WireValues {
  const out: WireValues = {};
  for (const def of steps.flatMap((step) => step.fields)) {
    if (DISPLAY_ONLY_TYPES.has(def.type)) continue;
    const value = values[def.id];
    if (!isChosen(value)) continue;
    const numeric = def.isNumeric || def.type === 'number';
    const clean = (item: string) => (numeric ? parseNumber(item) : item);
    const { key, list } = wireName(def);
    out[key] = Array.isArray(value) || list ? chosenItems(value).map(clean) : clean(String(value));
  }
  return out;
}

/** The field id a server error key names (a field id, or a wire name such as a radio group's name). */
export function fieldIdOfKey(steps: readonly StepDef[], key: string): string | undefined {
  const fields = steps.flatMap((step) => step.fields);
  return (
    fields.find((def) => def.id === key)?.id ?? fields.find((def) => wireName(def).key === key || def.name === key)?.id
  );
}

/** Server field errors by field id, as text (only the text before ' - ', HTML removed). */
export function serverFieldErrors(
  steps: readonly StepDef[],
  errFields: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errFields)) {
    const id = fieldIdOfKey(steps, key) ?? key;
    out[id] = htmlToText(serverErrorText(String(message)));
  }
  return out;
}

/** The first step holding one of these fields, or undefined. */
export function firstStepOf(steps: readonly StepDef[], fieldIds: readonly string[]): number | undefined {
  const index = steps.findIndex((step) => step.fields.some((def) => fieldIds.includes(def.id)));
  return index === -1 ? undefined : index;
}

/**
 * The errors shown: the engine's errors of the steps the user tried to leave (or save), then the server's
 * errors of active fields on top.
 */
export function shownErrors(
  resolution: Pick<Resolution, 'steps' | 'fields'>,
  attempted: ReadonlySet<number>,
  serverErrors: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const step of resolution.steps) {
    if (!attempted.has(step.index)) continue;
    for (const error of step.errors) out[error.field] = errorText(error);
  }
  for (const [id, message] of Object.entries(serverErrors)) {
    const field = resolution.fields[id];
    if (!field || field.visible) out[id] = message;
  }
  return out;
}
