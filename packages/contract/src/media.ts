/**
 * Ad photos on the wire (spec §3 "Image entry", §7 upload calls, §9 photo constants). The spec does not show the
 * upload answer; ours is ImageUploadResponse: the stored image of the slot (or null after a delete) and the ad's
 * images in their order, the first being the main photo. The answers' shapes are the schemas of schemas/media.ts.
 */

import type { z } from 'zod';
import type {
  AdImageSchema,
  AdImagesResponseSchema,
  AdVideoResponseSchema,
  AdVideoSchema,
  ImageContentResponseSchema,
  ImageUploadResponseSchema,
  VideoTokenResponseSchema,
} from './schemas/media.ts';

/** Photos per ad (spec §9; the per-catalogue cap, 3 in some edit flows and 1 teacher photo, is lower). */
export const MAX_AD_IMAGES = 10;
/** The stored photo fits within the spec's default crop size, never enlarged (spec §9: 1120x840, JPEG). */
export const IMAGE_SIZE = { width: 1120, height: 840 } as const;
/** The thumbnail (accordion brief, the editor's list). */
export const THUMBNAIL_SIZE = { width: 240, height: 180 } as const;
/** Bytes one uploaded photo may have (the browser scales larger photos down before upload). */
export const IMAGE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** Pixels a photo may have before it is decoded (a 20000x20000 PNG is refused unread). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

/** The multipart fields of POST /api/publish/{OrderID}/images/upload (spec §3 "Upload item"). */
export interface ImageUploadFields {
  /** The file (multipart file part). */
  image?: unknown;
  /** The slot, 1..MAX_AD_IMAGES. */
  picNumber: string;
  /** '1' deletes the slot's image (no file needed). */
  deleteImage?: string;
  /** EXIF orientation 1..8 the browser read; the server applies it exactly once. */
  orientation?: string;
  OrderID: string;
}

/** Where the server serves a stored photo or thumbnail by its key (GET /media/:name): the address an AdImage carries. */
export const mediaUrl = (key: string): string => `/media/${key}`;

/** One stored photo of an ad (spec §3 "Image entry"; the reuse hint is ours). */
export type AdImage = z.infer<typeof AdImageSchema>;

export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;

/** GET /api/publish/{OrderID}/images and the answer of the order call. */
export type AdImagesResponse = z.infer<typeof AdImagesResponseSchema>;

/** POST /api/publish/{OrderID}/images/order (our addition): every stored slot once, the main photo first. */
export interface ImageOrderRequest {
  order: number[];
}

/** GET /api/publish/images/content?src=… (spec §7: base64 content). */
export type ImageContentResponse = z.infer<typeof ImageContentResponseSchema>;

/** Spec §5: a cropper total_images of 5 or more means 10; below that it is the cap itself (3, or 1 teacher photo). */
export function photoCap(totalImages: number): number {
  if (!Number.isFinite(totalImages) || totalImages < 1) return 1;
  return totalImages >= 5 ? MAX_AD_IMAGES : Math.floor(totalImages);
}

/*
 * Video (spec §4 "Video (iframe loaded from an external upload host)", §7 delete-video). Our video host is a
 * second origin of the same server; the parent page gets a short-lived token from POST
 * /api/publish/{OrderID}/video/token and frames `${videoOrigin}/video/upload?token=…`, which uploads with the tus
 * protocol and posts movie_upload_success or movie_upload_failed to the parent.
 */

/** Bytes one video may have (the tus Upload-Length cap). */
export const VIDEO_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** Containers the video host keeps, sniffed from the first bytes of the finished upload. */
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export type VideoMime = (typeof VIDEO_MIME_TYPES)[number];
/** How long a video token is valid (every tus request is checked against it). */
export const VIDEO_TOKEN_TTL_MS = 60 * 60 * 1000;

/** POST /api/publish/{OrderID}/video/token (our addition). */
export type VideoTokenResponse = z.infer<typeof VideoTokenResponseSchema>;

export type AdVideo = z.infer<typeof AdVideoSchema>;

/** GET /api/publish/{OrderID}/video (our addition) and the answer of POST /api/adds/delete-video/{id}. */
export type AdVideoResponse = z.infer<typeof AdVideoResponseSchema>;

/** The messages the video iframe posts to its parent (spec §4). */
export type VideoUploadMessage =
  | { type: 'movie_upload_success'; orderId: number; video: AdVideo }
  | { type: 'movie_upload_failed'; orderId: number; reason: string };

/**
 * POST /api/publish/reserve-order (our addition): body = the wizard's selectors plus idempotencyKey; the ad that
 * this customer's draft of the selection uploads its photos to before the first save (the same one on every call).
 */
export interface ReserveOrderResponse {
  status: 'ok';
  OrderID: number;
}
