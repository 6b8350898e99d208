/** The packages page's and my-ads' calls (after-save-area.md §7; /api/my-ads and /api/packages/lead are ours). */
import type { FinishPublishRequest, FinishPublishResponse } from '@app/contract/orders';
import type {
  EasyStartTrial,
  GetPackagesResponse,
  PackageLeadRequest,
  PackageLeadResponse,
  PersonalPackagesResponse,
} from '@app/contract/planExtras';
import type { AdNumbersResponse, MyAdsNumbersResponse } from '@app/contract/schemas/adNumbers';
import type { MyAdsBulkRequest, MyAdsBulkResponse, MyAdsResponse } from '@app/contract/schemas/myAds';
import { gatewayUrl } from './gateway.ts';
import { type ApiResult, getJson, postJson } from './http.ts';

/** GET get-packages with the page's query (spec §7 "current query"; the server reads `cat`). */
export const getPackages = (search: string, signal?: AbortSignal): Promise<ApiResult<GetPackagesResponse>> =>
  getJson<GetPackagesResponse>(`/api/publish/get-packages${search.startsWith('?') ? search : ''}`, signal);

/** The buy-package contact form without an ad. */
export const sendPackageLead = (body: PackageLeadRequest): Promise<ApiResult<PackageLeadResponse>> =>
  postJson<PackageLeadResponse>('/api/packages/lead', body);

/** finish-publish's contact-form variant (spec §7): the same form for an ad, answered with a redirect. */
export const finishWithPackageLead = (body: FinishPublishRequest): Promise<ApiResult<FinishPublishResponse>> =>
  postJson<FinishPublishResponse>('/api/publish/finish-publish', body);

/** GET /api/my-ads with the list's query (words or number, filters, sort, the next page's cursor). */
export const getMyAds = (query: URLSearchParams, signal?: AbortSignal): Promise<ApiResult<MyAdsResponse>> =>
  getJson<MyAdsResponse>(`/api/my-ads${query.size > 0 ? `?${query}` : ''}`, signal);

/** POST /api/my-ads/bulk: one action on several own ads, each answered on its own. */
export const bulkMyAds = (body: MyAdsBulkRequest): Promise<ApiResult<MyAdsBulkResponse>> =>
  postJson<MyAdsBulkResponse>('/api/my-ads/bulk', body);

/** GET /api/my-ads/numbers: each own ad's totals, all time and the last 30 days. */
export const getMyAdsNumbers = (signal?: AbortSignal): Promise<ApiResult<MyAdsNumbersResponse>> =>
  getJson<MyAdsNumbersResponse>('/api/my-ads/numbers', signal);

/** GET /api/my-ads/{id}/numbers: one own ad's totals and its last 30 days. */
export const getAdNumbers = (adId: number, signal?: AbortSignal): Promise<ApiResult<AdNumbersResponse>> =>
  getJson<AdNumbersResponse>(`/api/my-ads/${adId}/numbers`, signal);

/** The one-ad upgrades of the owner's ad ({gateway}/packages/personal/{adId}). */
export const getUpgradePackages = (adId: number, signal?: AbortSignal): Promise<ApiResult<PersonalPackagesResponse>> =>
  getJson<PersonalPackagesResponse>(gatewayUrl(`/packages/personal/${adId}`), signal);

/** POST /api/my-ads/{OrderID}/easy-start/cancel (ours): cancels EasyStart's free week before its charge. */
export const cancelEasyStart = (adId: number): Promise<ApiResult<{ status: 200; easyStart: EasyStartTrial }>> =>
  postJson(`/api/my-ads/${adId}/easy-start/cancel`, {});
