/**
 * Typed client of the plan step's side flows (after-save-area.md §4 "Broker lead flow", "Payment (commercial)",
 * §7; the shapes of packages/contract/src/planExtras.ts): related brokers and the real-estate lead, the commercial
 * agreement, invoice details and the phone-payment request.
 */
import type {
  AgreementResponse,
  Broker,
  CampaignSaveRequest,
  FieldErrorLists,
  InvoiceDetailsRequest,
  PhonePaymentRequest,
  RealEstateLeadRequest,
  RelatedBrokersResponse,
  StoreDetailsResponse,
} from '@app/contract/planExtras';
import { getJson, postJson } from './http.ts';

const orderPath = (id: number) => encodeURIComponent(String(id));

export interface RelatedBrokers {
  brokers: Broker[];
  cityName: string | null;
}

/** GET /api/publish/get-related-brokers/{OrderID}: the brokers of the ad's city; null when the call failed. */
export async function fetchRelatedBrokers(orderId: number, signal?: AbortSignal): Promise<RelatedBrokers | null> {
  const result = await getJson<RelatedBrokersResponse>(
    `/api/publish/get-related-brokers/${orderPath(orderId)}`,
    signal,
  );
  const brokers = result.data?.brokers;
  if (!result.ok || !Array.isArray(brokers)) return null;
  return { brokers, cityName: typeof result.data?.cityName === 'string' ? result.data.cityName : null };
}

/** POST /api/publish/real-estate-lead/{OrderID}: true when the lead was taken. */
export async function sendRealEstateLead(orderId: number, brokers: number[]): Promise<boolean> {
  const body: RealEstateLeadRequest = { brokers };
  const result = await postJson<unknown>(`/api/publish/real-estate-lead/${orderPath(orderId)}`, body);
  return result.ok;
}

/** GET /api/publish/commercial-payment/get-agreement: the agreement's (server-sanitised) HTML, or null. */
export async function fetchAgreement(signal?: AbortSignal): Promise<string | null> {
  const result = await getJson<AgreementResponse>('/api/publish/commercial-payment/get-agreement', signal);
  const html = result.data?.html;
  return result.ok && typeof html === 'string' ? html : null;
}

/** A store's outcome: stored, or per-field Hebrew messages (spec §5: they come from the server, per field). */
export type StoreOutcome = { kind: 'ok' } | { kind: 'invalid'; errors: FieldErrorLists } | { kind: 'failed' };

function storeOutcome(result: { ok: boolean; data: StoreDetailsResponse | null }): StoreOutcome {
  if (result.ok) return { kind: 'ok' };
  const errors = result.data?.errors;
  if (errors && typeof errors === 'object' && Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return { kind: 'failed' };
}

/** POST /api/publish/commercial-payment/store-invoice-details. */
export async function storeInvoiceDetails(body: InvoiceDetailsRequest): Promise<StoreOutcome> {
  return storeOutcome(
    await postJson<StoreDetailsResponse>('/api/publish/commercial-payment/store-invoice-details', body),
  );
}

/** POST /api/publish/commercial-payment/store-phone-payment-details. */
export async function storePhonePaymentDetails(body: PhonePaymentRequest): Promise<StoreOutcome> {
  return storeOutcome(
    await postJson<StoreDetailsResponse>('/api/publish/commercial-payment/store-phone-payment-details', body),
  );
}

/**
 * POST /api/publish/campaign/save: the ticked campaigns' leads of a saved ad. The answer is not read and a failure
 * is swallowed (publish-wizard.md §7, §8); it waits at most `waitMs`, so a slow answer never holds the finish.
 */
export async function sendCampaignLeads(body: CampaignSaveRequest, waitMs = 5000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([postJson<unknown>('/api/publish/campaign/save', body), waited]);
  clearTimeout(timer);
}
