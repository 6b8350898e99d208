/**
 * What is sent (publish-wizard.md §5 "Fields sent" and "Payload clean-ups"), the check-step payload, the
 * fields-fetch query, and the way back: a received payload to values of the definition's fields only.
 */
import { parseNumber } from './format.ts';
import { DISPLAY_ONLY_TYPES, type FieldDef, type FieldValue, type Mode, type StepDef, type Values } from './model.ts';
import type { Resolution, ResolvedField } from './resolution.ts';
import { checkboxStates, isChosen } from './values.ts';

export type Payload = Record<string, string | string[]>;

export interface PayloadContext {
  mode: Mode;
  cat: number;
  subcat?: number;
  SalesCatID?: number;
  SalesSubCatID?: number;
}

/** The wire key of a field (a name ending [] loses it: its value is sent as a list). */
export function wireName(def: FieldDef): { key: string; list: boolean } {
  const name = def.name ?? def.id;
  return name.endsWith('[]') ? { key: name.slice(0, -2), list: true } : { key: name, list: false };
}

function wireValue(field: ResolvedField, mode: Mode): string | string[] | undefined {
  const { def, value } = field;
  if (!field.visible || DISPLAY_ONLY_TYPES.has(def.type)) return undefined;
  if (!field.enabled && mode !== 'edit') return undefined;
  // An untouched checkbox is sent unchecked; any other value is sent as it is, so that a value outside the
  // two accepted ones is refused by the server exactly as the browser refuses it.
  if (def.type === 'checkbox') return value === undefined || value === '' ? checkboxStates(def).unchecked : value;
  if (def.type === 'radio' && !isChosen(value)) return undefined;
  if ((def.id === 'entrance' || def.name === 'entrance') && !isChosen(value)) return undefined;
  if (value === undefined) return undefined;
  const numeric = def.isNumeric || def.type === 'number';
  return Array.isArray(value) ? value.map((v) => (numeric ? parseNumber(v) : v)) : numeric ? parseNumber(value) : value;
}

/**
 * The values of the active fields of steps 0..upToStep: disabled fields only in edit mode; unchecked radios,
 * an empty entrance and display-only fields never; numbers without separators; clean-ups applied.
 */
export function buildPayload(resolution: Pick<Resolution, 'steps'>, context: PayloadContext, upToStep = Infinity) {
  const payload: Payload = {};
  for (const step of resolution.steps) {
    if (step.index > upToStep) break;
    for (const field of step.fields) {
      const value = wireValue(field, context.mode);
      if (value === undefined) continue;
      const { key, list } = wireName(field.def);
      payload[key] = list && !Array.isArray(value) ? [value] : value;
    }
  }
  return cleanPayload(payload, context);
}

/** Server step check: every field of the steps so far, plus check_area (the checked step's area). */
export function checkStepPayload(resolution: Pick<Resolution, 'steps'>, stepIndex: number, context: PayloadContext) {
  const area = resolution.steps[stepIndex]?.def.area ?? '';
  return { ...buildPayload(resolution, context, stepIndex), check_area: area };
}

const numberOf = (payload: Payload, ...keys: string[]): number | undefined => {
  for (const key of keys) {
    const value = payload[key];
    if (typeof value === 'string' && value !== '') return Number(value);
  }
  return undefined;
};

/** The spec's clean-ups; run again by a caller that merges query parameters into the payload. */
export function cleanPayload(payload: Payload, context: PayloadContext): Payload {
  const out: Payload = { ...payload };
  // A route SalesCatID of 0 means "not chosen in the route": the form's own category fields decide then.
  const salesCat = context.SalesCatID || numberOf(out, 'SalesCatID', 'salesCatID');
  const salesSubCat = context.SalesSubCatID || numberOf(out, 'SalesSubCatID', 'salesSubCatID');
  if (salesSubCat === 298) delete out.area;
  if (context.mode === 'edit' && context.cat === 1 && out.month === '0') delete out.month;
  if (context.mode === 'edit' && context.cat === 2 && out.parking === '0') delete out.parking;
  if (context.cat === 3) {
    for (const key of ['SalesCatID', 'salesCatID']) if (out[key] === '0') delete out[key];
  }
  if ((salesCat === 5 && salesSubCat === 29) || (salesCat === 6 && (salesSubCat === 34 || salesSubCat === 800))) {
    delete out.nominalPrice;
  }
  return out;
}

/** Query of GET /api/publish/fields: empty values removed; cat 3, subcat 0, SalesCatID 0 drops SalesCatID. */
export function fieldsQuery(query: Readonly<Record<string, string | number | null | undefined>>) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') out[key] = String(value);
  }
  if (out.cat === '3' && out.subcat === '0' && out.SalesCatID === '0') delete out.SalesCatID;
  return out;
}

function received(raw: unknown): FieldValue {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (Array.isArray(raw)) return raw.flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : []));
  return undefined;
}

/** The fields a payload is read for (display-only types send nothing), with their wire keys: once per steps array. */
const receivedFields = new WeakMap<readonly StepDef[], readonly { def: FieldDef; key: string; listKey: string }[]>();
function receivedFieldsOf(steps: readonly StepDef[]) {
  let fields = receivedFields.get(steps);
  if (!fields) {
    fields = steps
      .flatMap((step) => step.fields)
      .filter((def) => !DISPLAY_ONLY_TYPES.has(def.type))
      .map((def) => {
        const { key } = wireName(def);
        return { def, key, listKey: `${key}[]` };
      });
    receivedFields.set(steps, fields);
  }
  return fields;
}

/**
 * Values (by field id) from a received payload: only the definition's fields are read (no mass assignment),
 * by wire name; numbers and booleans become strings; anything else is ignored.
 */
export function valuesFromPayload(steps: readonly StepDef[], payload: Readonly<Record<string, unknown>>): Values {
  const values: Record<string, FieldValue> = {};
  for (const { def, key, listKey } of receivedFieldsOf(steps)) {
    const raw = Object.hasOwn(payload, key) ? payload[key] : payload[listKey];
    const value = received(raw);
    if (value !== undefined) values[def.id] = value;
  }
  return values;
}
