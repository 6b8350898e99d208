/**
 * The car ad's side calls and the price reminder's presets (publish-wizard.md §7, after-save-area.md §7):
 * POST check-duplication-car (errors swallowed: no duplicate), POST car-trader/trade-in-lead (data.success must be
 * true), POST stinker?action=missingSubModel, GET price-reminder-options (ours).
 */
import type {
  DuplicationCheckResponse,
  MissingSubModelRequest,
  MissingSubModelResponse,
  PriceReminderOptionsResponse,
  TradeInLeadRequest,
  TradeInLeadResponse,
} from '@app/contract/carExtras';
import { getJson, postJson } from './http.ts';

export interface Duplicate {
  orderId: number;
  upgradeUrl: string;
}

/** The customer's earlier ad of the same car, or null (also when the call failed: the wizard goes on). */
export async function checkDuplicateCar(body: Record<string, string>): Promise<Duplicate | null> {
  const result = await postJson<DuplicationCheckResponse>('/api/publish/check-duplication-car', body);
  const data = result.data;
  if (!result.ok || data?.duplication !== true || !data.OrderID || !data.upgradeOrderUrl) return null;
  return { orderId: data.OrderID, upgradeUrl: data.upgradeOrderUrl };
}

export type FormOutcome<K extends string> =
  | { kind: 'sent' }
  | { kind: 'errors'; errors: Partial<Record<K, string>> }
  | { kind: 'failed' };

function errorsOf<K extends string>(raw: unknown, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const key of keys) {
    const message = (raw as Record<string, unknown>)[key];
    if (typeof message === 'string' && message) out[key] = message;
  }
  return out;
}

export async function sendTradeInLead(body: TradeInLeadRequest): Promise<FormOutcome<'name' | 'phone'>> {
  const result = await postJson<TradeInLeadResponse>('/api/publish/car-trader/trade-in-lead', body);
  if (result.ok && result.data?.data?.success === true) return { kind: 'sent' };
  const errors = errorsOf(result.data?.errors, ['name', 'phone'] as const);
  return result.status === 400 && Object.keys(errors).length > 0 ? { kind: 'errors', errors } : { kind: 'failed' };
}

export async function reportMissingSubModel(body: MissingSubModelRequest): Promise<FormOutcome<'missingSubModel'>> {
  const result = await postJson<MissingSubModelResponse>('/api/stinker?action=missingSubModel', body);
  if (result.ok && result.data?.success === true) return { kind: 'sent' };
  const errors = errorsOf(result.data?.errors, ['missingSubModel'] as const);
  return result.status === 400 && Object.keys(errors).length > 0 ? { kind: 'errors', errors } : { kind: 'failed' };
}

/** The price reminder's preset amounts (empty when too few live ads, or when the call failed). */
export async function priceReminderOptions(query: Record<string, string>): Promise<number[]> {
  const result = await getJson<PriceReminderOptionsResponse>(
    `/api/publish/price-reminder-options?${new URLSearchParams(query)}`,
  );
  const prices = result.ok ? result.data?.prices : undefined;
  return Array.isArray(prices) ? prices.filter((p) => Number.isSafeInteger(p) && p > 0).slice(0, 5) : [];
}
