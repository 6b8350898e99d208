/**
 * Typed client of the wizard's calls (publish-wizard.md §7, after-save-area.md §7). Answers become small
 * discriminated unions so callers handle every outcome the spec names (404, 422, 500 with errFields, …).
 */
import type {
  CarSubModel,
  CarSubModelAggregates,
  CarSubModelsResponse,
  CheckStepResponse,
  DraftResponse,
  FieldsResponse,
  LicencePlateResult,
  OptionsResponse,
  OrderEditedResponse,
  SaveAdResponse,
  Selectors,
  SubModelFilter,
  SubModelFilterValues,
  WireValues,
} from '@app/contract/publish';
import type { Option, StepDef } from '@app/form-engine/model';
import { safeParseSteps } from '@app/form-engine/schema';
import { getOnce } from './early.ts';
import { gatewayUrl } from './gateway.ts';
import { getChangingState, getJson, postJson } from './http.ts';
import { draftPath, fieldsPath } from './publishPaths.ts';
import { type QueryValue, withQuery } from './query.ts';

export type FieldsOutcome =
  | { kind: 'ok'; response: FieldsResponse<StepDef>; steps: StepDef[] }
  | { kind: 'notFound' }
  | { kind: 'serverError' }
  | { kind: 'failed'; status: number };

function fieldsOutcome(result: { ok: boolean; status: number; data: FieldsResponse | null }): FieldsOutcome {
  if (result.status === 404) return { kind: 'notFound' };
  if (result.status === 500) return { kind: 'serverError' };
  if (!result.ok || !result.data) return { kind: 'failed', status: result.status };
  const parsed = safeParseSteps(result.data.fields);
  if (!parsed.ok) {
    console.error('fields response does not parse', parsed.issues);
    return { kind: 'failed', status: result.status };
  }
  return { kind: 'ok', response: { ...result.data, fields: parsed.value }, steps: parsed.value };
}

/** GET /api/publish/fields?<selectors>[&OrderID=<the wizard's saved ad>] (empty selectors removed). */
export async function fetchFields(selectors: Selectors, orderId?: number): Promise<FieldsOutcome> {
  return fieldsOutcome(await getOnce<FieldsResponse>(fieldsPath(selectors, orderId)));
}

/**
 * GET /api/publish/fields?<selectors>&area=<area>: one area of the selection alone (a contact area's refetch), with
 * the values the server starts it with (the contact details of a logged-in customer).
 */
export async function fetchArea(
  selectors: Selectors,
  area: string,
): Promise<{ step: StepDef; values: WireValues } | null> {
  const outcome = fieldsOutcome(
    await getJson<FieldsResponse>(withQuery('/api/publish/fields', { ...selectors, area })),
  );
  if (outcome.kind !== 'ok') return null;
  const step = outcome.steps.find((s) => s.area === area);
  return step ? { step, values: outcome.response.values ?? {} } : null;
}

/** GET /api/publish/fields/{adId}: edit mode, with the ad's saved values; 404 for someone else's ad. */
export async function fetchEditFields(adId: string): Promise<FieldsOutcome> {
  return fieldsOutcome(await getJson<FieldsResponse>(`/api/publish/fields/${encodeURIComponent(adId)}`));
}

export type CheckOutcome =
  | { kind: 'ok' }
  | { kind: 'errors'; errFields: Record<string, string> }
  | { kind: 'login' }
  | { kind: 'failed'; status: number };

/** GET /api/publish/check-step?<selectors>&check_area=…&<field values> (lists as repeated keys). */
export async function checkStep(query: Readonly<Record<string, QueryValue>>): Promise<CheckOutcome> {
  const result = await getJson<CheckStepResponse>(withQuery('/api/publish/check-step', query));
  if (result.status === 422) return { kind: 'login' };
  const errFields = result.data?.errFields ?? result.data?.errors ?? undefined;
  if (errFields && Object.keys(errFields).length > 0) return { kind: 'errors', errFields };
  if (result.ok) return { kind: 'ok' };
  return { kind: 'failed', status: result.status };
}

/** GET /api/publish/draft?<selectors>: the saved draft, or null (404 or any failure). */
export async function fetchDraft(selectors: Selectors): Promise<DraftResponse | null> {
  const result = await getOnce<DraftResponse>(draftPath(selectors));
  return result.ok && result.data?.values ? result.data : null;
}

export async function saveDraft(selectors: Selectors, values: WireValues, lastValidStep: number): Promise<boolean> {
  const result = await postJson<unknown>('/api/publish/draft', { ...selectors, values, lastValidStep });
  return result.ok;
}

/** GET /api/publish/reset-ad?<selectors>: deletes the draft ("start over"). */
export async function resetAd(selectors: Selectors): Promise<boolean> {
  const result = await getChangingState<unknown>(withQuery('/api/publish/reset-ad', selectors));
  return result.ok;
}

export type SaveOutcome =
  | { kind: 'answer'; response: SaveAdResponse }
  | { kind: 'failed'; status: number; hash?: string | undefined };

/** POST /api/publish/save-ad (or /save-ad/{id} in edit mode): flat selectors + values + idempotencyKey. */
export async function saveAd(body: Record<string, unknown>, adId?: string): Promise<SaveOutcome> {
  const path = adId ? `/api/publish/save-ad/${encodeURIComponent(adId)}` : '/api/publish/save-ad';
  const result = await postJson<SaveAdResponse>(path, body);
  // Field errors may come with an error status; any answer with a body is analysed.
  if (result.data && typeof result.data === 'object' && result.status !== 0) {
    const data = result.data;
    const meaningful =
      data.errFields || data.hasWordBlocked || data.mainError || data.redirectForce || data.orderID || data.OrderID;
    if (result.ok || meaningful) return { kind: 'answer', response: data };
  }
  // A server error names its hash (the reference it logged the error under).
  const hash = (result.data as { hash?: unknown } | null)?.hash;
  return { kind: 'failed', status: result.status, hash: typeof hash === 'string' ? hash : undefined };
}

export type OrderEditedOutcome =
  | { kind: 'answer'; response: OrderEditedResponse }
  | { kind: 'failed'; status: number; hash?: string | undefined };

/** POST /api/publish/{OrderID}/order-edited: the edit-login step's finish (after-save-area.md §4, §7). */
export async function orderEdited(adId: string): Promise<OrderEditedOutcome> {
  const result = await postJson<OrderEditedResponse>(`/api/publish/${encodeURIComponent(adId)}/order-edited`, {});
  if (result.ok && result.data?.status === 200) return { kind: 'answer', response: result.data };
  const hash = (result.data as { hash?: unknown } | null)?.hash;
  return { kind: 'failed', status: result.status, hash: typeof hash === 'string' ? hash : undefined };
}

/** An options answer's items as the engine's options (extra attributes under attrs). */
export function toOptions(data: OptionsResponse['data']): Option[] {
  return data.map(({ value, text, ...rest }) => {
    const attrs = Object.fromEntries(Object.entries(rest).filter(([key]) => key !== 'redirectTo'));
    return Object.keys(attrs).length > 0
      ? { value: String(value), text: String(text), attrs }
      : { value: String(value), text: String(text) };
  });
}

/** GET on a field's dataUrl (dependent list or autocomplete); null when the call failed (or was cancelled). */
export async function fetchOptions(url: string, signal?: AbortSignal): Promise<Option[] | null> {
  const result = await getJson<OptionsResponse>(url, signal);
  if (!result.ok || !Array.isArray(result.data?.data)) return null;
  return toOptions(result.data.data);
}

export type { CarSubModel, SubModelFilter, SubModelFilterValues };

/** One page of sub-models, as the list shows it, with each filter's counts. */
export interface SubModelsPage {
  data: CarSubModel[];
  total: number;
  hasMore: boolean;
  counts: Pick<CarSubModelAggregates, SubModelFilter>;
}

/**
 * POST /api/publish/get-car-submodels {model, year, offset, and the chosen filters}: 5 at a time. The answer is
 * the spec's array, the page's sub-models first and the filtered list's aggregates second.
 */
export async function fetchCarSubModels(
  model: string,
  year: string,
  offset: number,
  filters: SubModelFilterValues = {},
): Promise<SubModelsPage | null> {
  const result = await postJson<CarSubModelsResponse>('/api/publish/get-car-submodels', {
    ...filters,
    model,
    year,
    offset,
  });
  const [list, aggregates] = Array.isArray(result.data) ? result.data : [];
  if (!result.ok || !Array.isArray(list) || !aggregates) return null;
  const { total, hasMore, gearBox, engineSize, engineType, numDoors, ignition } = aggregates;
  const counts = { gearBox, engineSize, engineType, numDoors, ignition };
  return { data: list, total, hasMore, counts };
}

export type PlateOutcome =
  | { kind: 'found'; result: LicencePlateResult }
  | { kind: 'notFound' }
  /** The registry knows the car, the catalogue not its model (422), or the registry is down (503). */
  | { kind: 'notInCatalogue' }
  | { kind: 'registryDown' }
  | { kind: 'failed'; status: number };

/** GET {gateway}/car-data-gov?licensePlate=<digits>. */
export async function searchPlate(digits: string): Promise<PlateOutcome> {
  const result = await getJson<{ data?: { data?: LicencePlateResult } }>(
    withQuery(gatewayUrl('/car-data-gov'), { licensePlate: digits }),
  );
  if (result.status === 404) return { kind: 'notFound' };
  if (result.status === 422) return { kind: 'notInCatalogue' };
  if (result.status === 503) return { kind: 'registryDown' };
  const found = result.data?.data?.data;
  if (result.ok && found) return { kind: 'found', result: found };
  return { kind: 'failed', status: result.status };
}

/**
 * GET publish/check-trader (publish-wizard.md §4): isTrader (dealType 6) or an order deal (dealType 1) for this
 * selection and customer; a failed check counts as not a trader.
 */
export async function checkTrader(selectors: Selectors): Promise<boolean> {
  const res = await getJson<{ isTrader?: number }>(withQuery('/api/publish/check-trader', selectors));
  return res.ok && res.data?.isTrader === 1;
}
