import type { AdVideoResponse, VideoTokenResponse } from '@app/contract/media';
import { type ApiResult, getJson, postJson } from './http.ts';

/** POST /api/publish/{OrderID}/video/token (our addition): the upload iframe's src and origin. */
export const requestVideoToken = (orderId: number): Promise<ApiResult<VideoTokenResponse>> =>
  postJson<VideoTokenResponse>(`/api/publish/${orderId}/video/token`, { OrderID: orderId });

/** GET /api/publish/{OrderID}/video (our addition): the ad's video, if it has one. */
export const fetchAdVideo = (orderId: number, signal?: AbortSignal): Promise<ApiResult<AdVideoResponse>> =>
  getJson<AdVideoResponse>(`/api/publish/${orderId}/video`, signal);

/** POST /api/adds/delete-video/{id} (spec §7), id = OrderID, body OrderID. */
export const deleteAdVideo = (orderId: number): Promise<ApiResult<AdVideoResponse>> =>
  postJson<AdVideoResponse>(`/api/adds/delete-video/${orderId}`, { OrderID: orderId });
