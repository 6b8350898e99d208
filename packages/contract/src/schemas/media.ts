/**
 * An ad's photos and video (publish-wizard.md §3 "Image entry", §4 "Video", §7 upload calls and delete-video; the
 * order, list and video calls are ours), and the stored photo's own address. Types in ../media.ts.
 *
 * The photo upload is a multipart form (the image file and its fields) that the multipart parser reads within its
 * limits (one file, IMAGE_UPLOAD_MAX_BYTES): its body has no schema here, the route reads each field and answers its
 * own Hebrew messages; the call declares its path, its content type and its answers. The video itself is uploaded
 * to the video host (tus, resumable), never through these calls.
 */
import { z } from 'zod';
import { VIDEO_MIME_TYPES } from '../media.ts';
import { digits } from './common.ts';

/** An ad's number as a path carries it (anything else names no ad: 404). */
export const MediaOrderParamsSchema = z.object({ OrderID: digits(15) });

/** GET /media/{name}: a stored photo's or thumbnail's file name (the server's own random names). */
export const MediaNameParamsSchema = z.object({ name: z.string().max(200) });

/** The JPEG's bytes, sent as they are stored (never through the serialiser); 404 when there is no such file. */
export const MediaFileResponses = {
  200: { content: { 'image/jpeg': { schema: z.string().describe('קובץ התמונה') } } },
} as const;

/** The photo upload is the browser's FormData: multipart/form-data (its boundary in the header). */
export const MultipartHeadersSchema = z.looseObject({ 'content-type': z.string().regex(/^multipart\/form-data\b/i) });

export const AdImageSchema = z
  .object({
    /** The stored image's id (the random part of its file name). */
    id: z.string(),
    /** The slot the browser uploaded it to. */
    picNumber: z.number().int(),
    /** 1-based place in the ad's order; 1 is the main photo. */
    position: z.number().int(),
    main: z.boolean(),
    /** Same-origin URL of the JPEG (long-cached, immutable). */
    url: z.string(),
    thumbnailUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
    /**
     * Ours (the reused-photo check): true when, as it was uploaded, this photo or a copy of it (re-encoded, rescaled,
     * slightly cropped: a 64-bit perceptual hash within 10 bits) was already in another of the same customer's ads
     * that is not deleted. Never compared across customers, and the other ad is never named. A hint for the media
     * step; nothing is refused.
     */
    reused: z.boolean(),
  })
  .meta({ id: 'AdImage' });

/** The slot's stored image (null after deleteImage) and the ad's images in their order, the first the main one. */
export const ImageUploadResponseSchema = z.object({
  status: z.literal('ok'),
  picNumber: z.number().int(),
  image: AdImageSchema.nullable(),
  images: z.array(AdImageSchema),
});

/**
 * The ad's images. pendingEdit (ours): the ad is published and these are the photos of its edit, not live yet: the ad
 * shows its own until the edit is finished (order-edited).
 */
export const AdImagesResponseSchema = z.object({
  status: z.literal('ok'),
  images: z.array(AdImageSchema),
  pendingEdit: z.literal(true).optional(),
});

/** POST /api/publish/{OrderID}/images/order (ours): every stored slot once, the main photo first. */
export const ImageOrderRequestSchema = z.object({ order: z.array(z.number()).max(100) });

/** GET /api/publish/images/content: the image's address (its /media/ URL, or one that ends with its name). */
export const ImageContentQuerySchema = z.object({ src: z.string().max(2000).optional() });

/** The image's bytes as base64 (spec §7). */
export const ImageContentResponseSchema = z.object({
  status: z.literal('ok'),
  src: z.string(),
  mime: z.literal('image/jpeg'),
  content: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** The token for the video host's upload page (ours). */
export const VideoTokenResponseSchema = z.object({
  status: z.literal('ok'),
  token: z.string(),
  /** The iframe's src: `${videoOrigin}/video/upload?token=…`. */
  uploadUrl: z.string(),
  /** The only origin whose messages the parent accepts. */
  videoOrigin: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
});

export const AdVideoSchema = z.object({
  id: z.string(),
  mime: z.enum(VIDEO_MIME_TYPES),
  bytes: z.number().int(),
  /** ISO time of the upload. */
  uploadedAt: z.string(),
});

/** The ad's video (null: none); pendingEdit as the images'. */
export const AdVideoResponseSchema = z.object({
  status: z.literal('ok'),
  video: AdVideoSchema.nullable(),
  pendingEdit: z.literal(true).optional(),
});

/** POST /api/adds/delete-video/{id}: the body's OrderID, when sent, is the path's. */
export const DeleteVideoRequestSchema = z.object({ OrderID: z.union([z.string(), z.number()]).optional() }).optional();
