import type { FinishPageState } from '@app/contract/orders';
import { type ApiResult, getJson } from './http.ts';

/**
 * GET /api/publish/get-finish-page with the page's query and action=finishPayment (after-save-area.md §7): the
 * finish page's state, with returnUrl, where /finishPaymentArea sends the top window.
 */
export function getFinishPaymentPage(query: URLSearchParams): Promise<ApiResult<FinishPageState>> {
  const params = new URLSearchParams(query);
  params.set('action', 'finishPayment');
  return getJson<FinishPageState>(`/api/publish/get-finish-page?${params}`);
}
