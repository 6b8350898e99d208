/**
 * What a chosen file is, from its first bytes (magic numbers) and, where they say nothing, its declared type and
 * extension. Pure (bytes in, answer out), unit-tested in node.
 */

/** Bytes to read from the start of a file for sniff(): enough for an ftyp box with its compatible brands. */
export const SNIFF_BYTES = 256;

/** HEIF brands of HEVC-coded pictures (and sequences) that libheif decodes: iPhone photos are heic/mif1. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
/** Generic HEIF brands: HEIC when no AVIF brand is among the compatible ones (AVIF the browser decodes itself). */
const HEIF_GENERIC = new Set(['mif1', 'msf1', 'mif2']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
const HEIC_EXTENSIONS = new Set(['heic', 'heif', 'hif']);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jfif', 'pjpeg', 'png', 'gif', 'webp', 'avif', 'bmp']);

export type Sniffed = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'avif' | 'heic' | 'unknown';

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/** The brands of an ISO-BMFF `ftyp` box at the start of `bytes` (major first), or null when there is none. */
export function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, Math.max(boxSize, 16));
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(bytes, i, i + 4));
  return brands;
}

/** True when the bytes are a HEIC/HEIF picture (by its ftyp brands), AVIF excluded. */
export function isHeicBytes(bytes: Uint8Array): boolean {
  const brands = ftypBrands(bytes);
  if (!brands) return false;
  if (brands.some((b) => AVIF_BRANDS.has(b))) return false;
  return brands.some((b) => HEIC_BRANDS.has(b)) || HEIF_GENERIC.has(brands[0] ?? '');
}

/** The image format the bytes start with. */
export function sniff(bytes: Uint8Array): Sniffed {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && ascii(bytes, 1, 4) === 'PNG') return 'png';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return 'bmp';
  if (isHeicBytes(bytes)) return 'heic';
  if (ftypBrands(bytes)?.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  return 'unknown';
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The file says it is HEIC/HEIF (type or extension); phones and pickers often leave the type empty. */
export function declaredHeic(name: string, type: string): boolean {
  return HEIC_TYPES.has(type.toLowerCase()) || HEIC_EXTENSIONS.has(extension(name));
}

/** The file says it is a photo the pipeline takes (type image/* but SVG, or a known extension). */
export function declaredImage(name: string, type: string): boolean {
  const t = type.toLowerCase();
  if (t === 'image/svg+xml') return false;
  if (t.startsWith('image/')) return true;
  return !t.includes('/') || t === 'application/octet-stream'
    ? IMAGE_EXTENSIONS.has(extension(name)) || HEIC_EXTENSIONS.has(extension(name))
    : false;
}

/**
 * How the pipeline treats a file: 'heic' (convert in the worker), 'image' (the browser decodes it; a failure is
 * PhotoError 'load'), or 'unsupported' (not a photo at all: PhotoError 'unsupported'). The bytes decide first;
 * a file whose bytes say nothing known is taken at its word (type/extension), so a renamed text file "x.jpg" is
 * tried, fails to decode, and is reported as one that could not be loaded.
 */
export function classify(bytes: Uint8Array, name: string, type: string): 'heic' | 'image' | 'unsupported' {
  const format = sniff(bytes);
  if (format === 'heic') return 'heic';
  if (format !== 'unknown') return 'image';
  if (declaredHeic(name, type)) return 'heic';
  return declaredImage(name, type) ? 'image' : 'unsupported';
}
