/**
 * Ad photos on the wire (spec §3 "Image entry", §7 upload calls, §9 photo constants). The spec does not show the
 * upload answer; ours is ImageUploadResponse: the stored image of the slot (or null after a delete) and the ad's
 * images in their order, the first being the main photo.
 */

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

export interface AdImage {
  /** The stored image's id (the random part of its file name). */
  id: string;
  /** The slot the browser uploaded it to. */
  picNumber: number;
  /** 1-based place in the ad's order; 1 is the main photo. */
  position: number;
  main: boolean;
  /** Same-origin URL of the JPEG (long-cached, immutable). */
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  bytes: number;
  /**
   * Our addition (the reused-photo check): true when, as it was uploaded, this photo or a copy of it (re-encoded,
   * rescaled, slightly cropped: a 64-bit perceptual hash within 10 bits) was already in another of the same customer's
   * ads that is not deleted. Never compared across customers, and the other ad is never named. A hint for the media
   * step; nothing is refused.
   */
  reused: boolean;
}

export interface ImageUploadResponse {
  status: 'ok';
  picNumber: number;
  /** The slot's stored image; null when deleteImage removed it. */
  image: AdImage | null;
  images: AdImage[];
}

/** GET /api/publish/{OrderID}/images and the answer of the order call. */
export interface AdImagesResponse {
  status: 'ok';
  images: AdImage[];
  /**
   * The ad is published and these are the photos of its edit, not live yet: the ad shows its own until the edit is
   * finished (order-edited). Our addition.
   */
  pendingEdit?: true;
}

/** POST /api/publish/{OrderID}/images/order (our addition): every stored slot once, the main photo first. */
export interface ImageOrderRequest {
  order: number[];
}

/** GET /api/publish/images/content?src=… (spec §7: base64 content). */
export interface ImageContentResponse {
  status: 'ok';
  src: string;
  mime: 'image/jpeg';
  /** The JPEG's bytes, base64. */
  content: string;
  width: number;
  height: number;
}

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
export interface VideoTokenResponse {
  status: 'ok';
  token: string;
  /** The iframe's src: `${videoOrigin}/video/upload?token=…`. */
  uploadUrl: string;
  /** The only origin whose messages the parent accepts. */
  videoOrigin: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface AdVideo {
  id: string;
  mime: VideoMime;
  bytes: number;
  /** ISO time of the upload. */
  uploadedAt: string;
}

/** GET /api/publish/{OrderID}/video (our addition) and the answer of POST /api/adds/delete-video/{id}. */
export interface AdVideoResponse {
  status: 'ok';
  video: AdVideo | null;
  /** As AdImagesResponse's: the video of the published ad's unfinished edit. Our addition. */
  pendingEdit?: true;
}

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
