import crypto from 'node:crypto';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_SIZE, THUMBNAIL_SIZE } from '@app/contract/media';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { he } from '../i18n/messages.ts';
import { perceptualHash } from './phash.ts';

/** Image formats we decode, sniffed from the bytes (never the file name or the declared type). */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/**
 * HEIC/HEIF photos (iPhone) are HEVC-coded; sharp's prebuilt libvips carries libheif with the AV1 codec only
 * (AVIF), not HEVC, so the server cannot decode them. The browser converts them to JPEG before upload.
 */
const HEIC = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export class ImageRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export type ProcessedImage = EncodedImage & DerivedImage;

/**
 * Applies an EXIF orientation (1..8) to the pixels: the operations that bring the stored image upright, as an
 * EXIF-aware viewer would display it. sharp applies rotate before flip/flop.
 */
export function orient(img: Sharp, orientation: number): Sharp {
  switch (orientation) {
    case 2:
      return img.flop();
    case 3:
      return img.rotate(180);
    case 4:
      return img.flip();
    case 5:
      return img.rotate(270).flop();
    case 6:
      return img.rotate(90);
    case 7:
      return img.rotate(90).flop();
    case 8:
      return img.rotate(270);
    default:
      return img;
  }
}

export interface EncodedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * Sniffs, checks and re-encodes one uploaded photo: JPEG within the spec's 1120x840 (never enlarged), upright,
 * without any metadata (sharp writes none unless asked: EXIF, GPS, XMP, IPTC and ICC profiles are all dropped;
 * colours are converted to sRGB first). The thumbnail and hashes come from the result (deriveImage).
 *
 * Orientation is applied exactly once: when the browser sends `orientation` (it read the file's EXIF with exifr),
 * that value is applied and the file's own tag is ignored; without the field the file's own tag is applied.
 */
export async function encodeImage(input: Buffer, clientOrientation: number | null): Promise<EncodedImage> {
  const type = await fileTypeFromBuffer(input);
  if (type && HEIC.has(type.mime)) throw new ImageRefused(415, he.imageHeic);
  if (!type || !DECODABLE.has(type.mime)) throw new ImageRefused(415, he.imageType);

  const options: SharpOptions = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error', pages: 1 };
  try {
    // One pass over the upload, no metadata() call first: libvips reads the header before anything else and the
    // pixel cap refuses a decompression bomb there, before any decoding. Without the client's orientation the
    // file's own EXIF tag is applied (autoOrient); with it, only that value.
    const source = sharp(input, options);
    // Transparent areas (PNG, GIF, WebP) become white: JPEG has no alpha, and libvips would make them black.
    // One pipeline straight from the upload (no .clone(): it would structuredClone the options, copying the
    // whole upload once more per photo).
    const { data: jpeg, info } = await (clientOrientation === null
      ? source.autoOrient()
      : orient(source, clientOrientation)
    )
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({ ...IMAGE_SIZE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg, width: info.width, height: info.height };
  } catch (err) {
    throw new ImageRefused(400, /pixel limit/i.test(String(err)) ? he.imageTooManyPixels : he.imageBroken);
  }
}

export interface DerivedImage {
  thumbnail: Buffer;
  /** Of the stored JPEG. */
  sha256: string;
  /** 64-bit perceptual hash of the stored thumbnail (media/phash.ts). */
  phash: bigint;
}

/**
 * From the stored JPEG (a small decode, not the upload's): the 240x180 thumbnail, the JPEG's sha256 and the
 * thumbnail's perceptual hash. Separate from encodeImage so that the caller can write the JPEG to the store while
 * this runs.
 */
export async function deriveImage(jpeg: Buffer): Promise<DerivedImage> {
  try {
    const thumbnailDone = sharp(jpeg)
      .resize({ ...THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    // Hashed on the main thread while libvips makes the thumbnail.
    const sha256 = crypto.createHash('sha256').update(jpeg).digest('hex');
    const thumbnail = await thumbnailDone;
    // The perceptual hash reads the 240x180 thumbnail (it shrinks to 32x32 anyway), not a second full decode of
    // the stored JPEG.
    const phash = await perceptualHash(thumbnail);
    return { thumbnail, sha256, phash };
  } catch {
    throw new ImageRefused(400, he.imageBroken);
  }
}

/** encodeImage and deriveImage in one (the stored JPEG, its thumbnail and hashes). */
export async function processImage(input: Buffer, clientOrientation: number | null): Promise<ProcessedImage> {
  const encoded = await encodeImage(input, clientOrientation);
  return { ...encoded, ...(await deriveImage(encoded.jpeg)) };
}
