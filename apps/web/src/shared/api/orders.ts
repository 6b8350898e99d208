/**
 * Typed client of the plan step, payment and finish calls (after-save-area.md §7; the shapes of
 * packages/contract/src/orders.ts). Every answer becomes a small union: callers handle failure explicitly.
 */
import type {
  BitPaymentResponse,
  ChooseOrderType,
  FinishPageResponse,
  FinishPageState,
  FinishPublishRequest,
  FinishPublishResponse,
  GatewayPayRequest,
  GatewayPayResponse,
  StartPaymentRequest,
} from '@app/contract/orders';
import { gatewayUrl } from './gateway.ts';
import { getJson, postJson } from './http.ts';
import { withQuery } from './query.ts';

export type Outcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'failed'; status: number; errors?: Record<string, string> | undefined };

/** The server's per-field errors; an answer with only a (Hebrew) message gives it as the one error. */
function errorsOf(data: unknown): Record<string, string> | undefined {
  const body = data as { errors?: unknown; message?: unknown } | null;
  if (body?.errors && typeof body.errors === 'object') return body.errors as Record<string, string>;
  return typeof body?.message === 'string' && body.message ? { message: body.message } : undefined;
}

function isChooseOrderType(value: unknown): value is ChooseOrderType {
  const v = value as Partial<ChooseOrderType> | null;
  return Boolean(
    v &&
      typeof v === 'object' &&
      v.adData &&
      Array.isArray(v.orderType) &&
      typeof v.mode === 'string' &&
      Number.isSafeInteger(v.autoBumpPriceAgorot),
  );
}

/** GET /api/publish/{OrderID}/order-types: the plan step's tracks after a reload. */
export async function fetchOrderTypes(orderId: number, signal?: AbortSignal): Promise<Outcome<ChooseOrderType>> {
  const result = await getJson<unknown>(`/api/publish/${encodeURIComponent(String(orderId))}/order-types`, signal);
  if (result.ok && isChooseOrderType(result.data)) return { kind: 'ok', data: result.data };
  return { kind: 'failed', status: result.status };
}

/** The chooseOrderType of a save-ad answer, when it carries a well-formed one. */
export function chooseOrderTypeOf(answer: unknown): ChooseOrderType | undefined {
  const value = (answer as { chooseOrderType?: unknown } | null)?.chooseOrderType;
  return isChooseOrderType(value) ? value : undefined;
}

/** POST /api/publish/finish-publish: a free track, a package ad. */
export async function finishPublish(body: FinishPublishRequest): Promise<Outcome<FinishPublishResponse>> {
  const result = await postJson<FinishPublishResponse>('/api/publish/finish-publish', body);
  const errors = errorsOf(result.data);
  if (result.ok && result.data && !errors) return { kind: 'ok', data: result.data };
  return { kind: 'failed', status: result.status, errors };
}

/** A track's hosted payment page, and whether the ad waits for review once paid (the isSuspected variant). */
export interface TrackPaymentStart {
  url: string;
  isSuspected: boolean;
}

/** POST /api/publish/finish-page: the hosted card page for the chosen track. */
export async function startCardPayment(body: StartPaymentRequest): Promise<Outcome<TrackPaymentStart>> {
  const result = await postJson<FinishPageResponse>('/api/publish/finish-page', body);
  const url = result.data?.merchantPaymentUrl;
  if (result.ok && typeof url === 'string' && url)
    return { kind: 'ok', data: { url, isSuspected: result.data?.isSuspected === true } };
  return { kind: 'failed', status: result.status, errors: errorsOf(result.data) };
}

/** POST /api/publish/bit-payment: the hosted mobile-payment page for the chosen track. */
export async function startAppPayment(body: StartPaymentRequest): Promise<Outcome<TrackPaymentStart>> {
  const result = await postJson<BitPaymentResponse>('/api/publish/bit-payment', body);
  const url = result.data?.sale_url;
  if (result.ok && typeof url === 'string' && url)
    return { kind: 'ok', data: { url, isSuspected: result.data?.isSuspected === true } };
  return { kind: 'failed', status: result.status, errors: errorsOf(result.data) };
}

async function gatewayPay(path: string, body: GatewayPayRequest): Promise<Outcome<string>> {
  const result = await postJson<GatewayPayResponse>(gatewayUrl(path), body);
  const url = result.data?.data?.iframe;
  if (result.ok && typeof url === 'string' && url) return { kind: 'ok', data: url };
  return { kind: 'failed', status: result.status, errors: errorsOf(result.data) };
}

/** POST {gateway}/packages/subscribe/auto-bump-ad/start-payment/{OrderID} (spec §7; package hash weekly-package). */
export const startAutoBumpPayment = (orderId: number, body: GatewayPayRequest): Promise<Outcome<string>> =>
  gatewayPay(`/packages/subscribe/auto-bump-ad/start-payment/${encodeURIComponent(String(orderId))}`, body);

/** POST {gateway}/packages/personal/pay/{adId}: buying a package for this ad. */
export const startPackagePayment = (adId: number, body: GatewayPayRequest): Promise<Outcome<string>> =>
  gatewayPay(`/packages/personal/pay/${encodeURIComponent(String(adId))}`, body);

export interface FinishPageQuery {
  OrderID: string;
  cat?: string | null | undefined;
  subcat?: string | null | undefined;
  action?: string | null | undefined;
}

/** GET /api/publish/get-finish-page?OrderID=..&cat=..&subcat=..: what the finish page shows. */
export async function fetchFinishPage(query: FinishPageQuery, signal?: AbortSignal): Promise<Outcome<FinishPageState>> {
  const result = await getJson<FinishPageState>(withQuery('/api/publish/get-finish-page', { ...query }), signal);
  const data = result.data;
  if (result.ok && data && typeof data.title === 'string' && Array.isArray(data.timeline)) {
    return { kind: 'ok', data };
  }
  return { kind: 'failed', status: result.status };
}
