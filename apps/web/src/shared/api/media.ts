/** The photo calls (publish-wizard.md §7 upload calls, and our reserve-order and order additions). */
import type {
  AdImagesResponse,
  ImageOrderRequest,
  ImageUploadResponse,
  ReserveOrderResponse,
} from '@app/contract/media';
import type { Selectors } from '@app/contract/publish';
import { type ApiResult, getJson, postForm, postJson } from './http.ts';

export interface SlotUpload {
  picNumber: number;
  /** The JPEG to store; absent with deleteImage. */
  image?: Blob;
  deleteImage?: boolean;
  /** EXIF orientation 1..8 still to apply; our photos are made upright on the device, so 1. */
  orientation?: number;
}

export function uploadSlot(orderId: number, upload: SlotUpload, signal?: AbortSignal) {
  const form = new FormData();
  form.set('OrderID', String(orderId));
  form.set('picNumber', String(upload.picNumber));
  if (upload.deleteImage) form.set('deleteImage', '1');
  if (upload.orientation !== undefined) form.set('orientation', String(upload.orientation));
  if (upload.image) form.set('image', upload.image, `photo-${upload.picNumber}.jpg`);
  return postForm<ImageUploadResponse>(`/api/publish/${orderId}/images/upload`, form, signal);
}

export const listImages = (orderId: number, signal?: AbortSignal) =>
  getJson<AdImagesResponse>(`/api/publish/${orderId}/images`, signal);

export const orderImages = (orderId: number, order: number[]) =>
  postJson<AdImagesResponse>(`/api/publish/${orderId}/images/order`, { order } satisfies ImageOrderRequest);

export const reserveOrder = (selectors: Selectors, idempotencyKey: string): Promise<ApiResult<ReserveOrderResponse>> =>
  postJson<ReserveOrderResponse>('/api/publish/reserve-order', { ...selectors, idempotencyKey });
