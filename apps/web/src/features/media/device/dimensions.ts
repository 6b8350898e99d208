/**
 * A picture's pixel size read from its header, before anything decodes it (image-size's per-format readers, only
 * the formats the pipeline takes, so its other readers stay out of the bundle). The photo pipeline refuses a
 * picture above the server's pixel cap (IMAGE_MAX_INPUT_PIXELS) from this alone: a 20000x20000 PNG of a few KB
 * is never handed to the browser's decoder, which would spend seconds and hundreds of MB on it.
 */
import { IMAGE_MAX_INPUT_PIXELS } from '@app/contract/media';
import { BMP } from 'image-size/types/bmp';
import { GIF } from 'image-size/types/gif';
import { HEIF } from 'image-size/types/heif';
import type { IImage } from 'image-size/types/interface';
import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';
import type { Size } from './geometry.ts';
import type { Sniffed } from './sniff.ts';

/** Bytes read first: a JPEG's EXIF (a 64 KB segment at most) and a HEIC's meta box come well before this. */
export const HEADER_BYTES = 256 * 1024;

/**
 * HEIC and AVIF: the largest image the item properties describe (the primary picture's grid is larger than its
 * tiles and its thumbnail). sniff() has already told the brand, so image-size's own brand check is not asked.
 */
const LARGEST_HEIF: IImage = {
  validate: () => true,
  calculate(input) {
    const found = HEIF.calculate(input);
    const all = found.images ?? [found];
    return all.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  },
};

const READERS: Partial<Record<Sniffed, IImage>> = {
  png: PNG,
  jpeg: JPG,
  gif: GIF,
  webp: WEBP,
  bmp: BMP,
  heic: LARGEST_HEIF,
  avif: LARGEST_HEIF,
};

/** Whether the pipeline reads this format's size from its header (every format sniff() names). */
export const hasHeaderReader = (format: Sniffed): boolean => READERS[format] !== undefined;

/**
 * The size the header of `bytes` (a file's start, or all of it) declares for `format`, or null when the bytes do
 * not hold a whole, sane header (cut short, corrupt, or a format without a reader).
 */
export function headerSize(bytes: Uint8Array, format: Sniffed): Size | null {
  const reader = READERS[format];
  if (!reader) return null;
  try {
    if (!reader.validate(bytes)) return null;
    const { width, height } = reader.calculate(bytes);
    if (!width || !height || !Number.isInteger(width) || !Number.isInteger(height)) return null;
    return { width, height };
  } catch {
    return null;
  }
}

/** The size a file's header declares: its first HEADER_BYTES, or the whole file when the header goes on past them. */
export async function fileHeaderSize(file: Blob, format: Sniffed): Promise<Size | null> {
  const head = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  const size = headerSize(head, format);
  if (size || file.size <= HEADER_BYTES) return size;
  return headerSize(new Uint8Array(await file.arrayBuffer()), format);
}

/** More pixels than the server takes (it refuses them unread too). */
export const overPixelCap = (size: Size): boolean => size.width * size.height > IMAGE_MAX_INPUT_PIXELS;
