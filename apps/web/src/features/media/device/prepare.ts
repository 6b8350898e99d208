/// <reference path="./libheif.d.ts" />
/**
 * The on-device photo pipeline (the contract is ./types.ts). Loaded lazily by the media step, so
 * nothing here, exifr or libheif is in the first bundle; the HEIC worker starts only when a HEIC/HEIF file comes.
 *
 * preparePhoto: sniff → the pixel size from the header (./dimensions.ts: above the server's cap, or no readable
 * header, the file is refused undecoded) → (HEIC/HEIF: convert to JPEG q0.5 in ./heic.worker.ts) → read the EXIF
 * Orientation tag (exifr, nothing else) → decode WITHOUT the browser's own orientation → refuse a blank picture
 * (./blank.ts) → draw upright and scaled down in one canvas transform → JPEG working copy (an empty encode is a
 * failure). renderPhoto: the working copy turned, cropped and fitted, in one transform.
 */

import { BLANK_SAMPLE_EDGE, isBlankSample } from './blank.ts';
import { fileHeaderSize, hasHeaderReader, overPixelCap } from './dimensions.ts';
import {
  clampCrop,
  fitLongEdge,
  fitWithin,
  type Matrix,
  multiply,
  normalizeOrientation,
  orientationMatrix,
  orientedSize,
  rotatedSize,
  rotationMatrix,
  type Size,
} from './geometry.ts';
import type { HeicRequest, HeicResponse } from './heic.worker.ts';
import { classify, SNIFF_BYTES, sniff } from './sniff.ts';
import {
  type CropArea,
  type DevicePipeline,
  PhotoError,
  type PreparedPhoto,
  type Rotation,
  WORKING_MAX_EDGE,
} from './types.ts';

/** Spec §5: HEIC/HEIF is converted to JPEG at quality 0.5. */
export const HEIC_JPEG_QUALITY = 0.5;
/** The working copy and the rendered crop: the server re-encodes at 82, so little is lost here. */
export const JPEG_QUALITY = 0.9;
/** The HEIC worker (and libheif's heap) is ended after this long without work. */
const HEIC_WORKER_IDLE_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// Decoding without the browser's orientation

/** A 2x1 white JPEG tagged EXIF Orientation 6: a decoder that honours the tag returns it 1x2. */
const PROBE_JPEG =
  '/9j/4QBiRXhpZgAATU0AKgAAAAgABQESAAMAAAABAAYAAAEaAAUAAAABAAAASgEbAAUAAAABAAAAUgEoAAMAAAABAAIAAAITAAMAAAABAAEAAAAAAAAAAABIAAAAAQAAAEgAAAAB/9sAQwAQCwwODAoQDg0OEhEQExgoGhgWFhgxIyUdKDozPTw5Mzg3QEhcTkBEV0U3OFBtUVdfYmdoZz5NcXlwZHhcZWdj/8AACwgAAQACAQERAP/EABQAAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAA/AEB//9k=';

/**
 * Decodes with imageOrientation 'none' (the stored pixels, EXIF ignored). Browsers that do not know the value
 * throw a TypeError: those decode with their default, and decoderAppliesExif() finds out what that default does.
 */
export async function decodeRaw(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'none' });
  } catch (err) {
    if (err instanceof TypeError) return createImageBitmap(blob);
    throw err;
  }
}

let probe: Promise<boolean> | undefined;
/**
 * Whether decodeRaw() turns a picture by its EXIF tag anyway. Chromium does (156, checked by
 * e2e/tests/media-device.e2e.ts): for a Blob it treats 'none' like 'from-image'. Asked once per page with a 2x1
 * picture tagged 6; when true, the decoder has applied the tag and the pipeline adds no turn of its own; when
 * false, the pipeline's canvas transform applies exifr's value. Either way the tag is applied exactly once.
 */
export function decoderAppliesExif(): Promise<boolean> {
  probe ??= (async () => {
    const bytes = Uint8Array.from(atob(PROBE_JPEG), (c) => c.charCodeAt(0));
    try {
      const bitmap = await decodeRaw(new Blob([bytes], { type: 'image/jpeg' }));
      const turned = bitmap.width === 1 && bitmap.height === 2;
      bitmap.close();
      return turned;
    } catch {
      return false;
    }
  })();
  return probe;
}

/** The EXIF Orientation tag only (exifr's orientation() reads IFD0's tag and nothing else); failure or absence → 1. */
async function readOrientation(file: Blob): Promise<number> {
  try {
    const exifr = await import('exifr/dist/lite.esm.mjs');
    return normalizeOrientation(await exifr.orientation(file));
  } catch {
    return 1;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// HEIC/HEIF in a worker

interface Pending {
  resolve: (blob: Blob) => void;
  reject: (err: Error) => void;
}
let heicWorker: Worker | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function endHeicWorker(reason: string): void {
  heicWorker?.terminate();
  heicWorker = undefined;
  for (const job of pending.values()) job.reject(new Error(reason));
  pending.clear();
}

function startHeicWorker(): Worker {
  if (heicWorker) return heicWorker;
  const worker = new Worker(new URL('./heic.worker.ts', import.meta.url), { type: 'module', name: 'heic' });
  worker.onmessage = (event: MessageEvent<HeicResponse>) => {
    const job = pending.get(event.data.id);
    pending.delete(event.data.id);
    if ('error' in event.data) job?.reject(new Error(event.data.error));
    else job?.resolve(event.data.blob);
    if (pending.size === 0) idleTimer = setTimeout(() => endHeicWorker('idle'), HEIC_WORKER_IDLE_MS);
  };
  // The script failed to load or libheif threw outside a job (e.g. out of memory): every job waiting fails.
  worker.onerror = (event) => {
    event.preventDefault();
    endHeicWorker(event.message || 'heic worker failed');
  };
  heicWorker = worker;
  return worker;
}

/** The HEIC/HEIF file as an upright JPEG (quality 0.5), converted in the worker. */
export function convertHeic(file: Blob): Promise<Blob> {
  clearTimeout(idleTimer);
  const worker = startHeicWorker();
  const id = nextId++;
  return new Promise<Blob>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, file, quality: HEIC_JPEG_QUALITY } satisfies HeicRequest);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function paint(ctx: Context2D, size: Size, image: CanvasImageSource, m: Matrix): void {
  ctx.fillStyle = '#ffffff'; // JPEG has no alpha: transparent parts become white, not black
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
  ctx.drawImage(image, 0, 0);
}

/** An encode that gave nothing (toBlob's null, an empty blob: the canvas was too large) is a failure, not a photo. */
function encoded(blob: Blob | null): Blob {
  if (!blob || blob.size === 0) throw new Error('the JPEG encode gave nothing');
  return blob;
}

/** Whether the decoded picture is blank (./blank.ts): drawn scaled into a small canvas and read back. */
function isBlank(bitmap: ImageBitmap): boolean {
  const edge = BLANK_SAMPLE_EDGE;
  const canvas =
    typeof OffscreenCanvas !== 'undefined'
      ? new OffscreenCanvas(edge, edge)
      : Object.assign(document.createElement('canvas'), { width: edge, height: edge });
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as Context2D | null;
  if (!ctx) return false;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, edge, edge);
  return isBlankSample(ctx.getImageData(0, 0, edge, edge).data);
}

/** Draws `image` through `m` into a canvas of `size` and encodes it as JPEG (OffscreenCanvas where there is one). */
async function drawJpeg(size: Size, image: CanvasImageSource, m: Matrix, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (ctx) {
      try {
        paint(ctx, size, image, m);
        return encoded(await canvas.convertToBlob({ type: 'image/jpeg', quality }));
      } finally {
        canvas.width = 1; // gives the pixel memory back now, not at garbage collection
        canvas.height = 1;
      }
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  try {
    paint(ctx, size, image, m);
    return encoded(await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)));
  } finally {
    canvas.width = 1;
    canvas.height = 1;
  }
}

/** The scale from `from` to `to` as a matrix (separate x and y factors: both sizes are whole pixels). */
const scaleTo = (from: Size, to: Size): Matrix => [to.width / from.width, 0, 0, to.height / from.height, 0, 0];

// ---------------------------------------------------------------------------------------------------------------
// The pipeline

/**
 * The working copy: `bitmap` (stored pixels) drawn with EXIF `orientation` applied and scaled so its long edge is
 * at most WORKING_MAX_EDGE, in one canvas transform, as JPEG. Exported for the Chromium test of all 8 values.
 */
export async function drawUpright(bitmap: ImageBitmap, orientation: number): Promise<Size & { blob: Blob }> {
  const raw = { width: bitmap.width, height: bitmap.height };
  const upright = orientedSize(raw, orientation);
  const size = fitLongEdge(upright, WORKING_MAX_EDGE);
  const m = multiply(scaleTo(upright, size), orientationMatrix(orientation, raw));
  return { blob: await drawJpeg(size, bitmap, m, JPEG_QUALITY), ...size };
}

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const kind = classify(head, file.name, file.type);
  if (kind === 'unsupported') throw new PhotoError('unsupported', file.name);
  // The pixel size from the header, before any decoding or conversion: a picture above the server's cap (or one
  // whose header cannot be read) never reaches the decoder, which would spend seconds and gigabytes on it.
  const format = sniff(head);
  if (hasHeaderReader(format)) {
    const declared = await fileHeaderSize(file, format);
    if (!declared) throw new PhotoError('load', file.name);
    if (overPixelCap(declared)) throw new PhotoError('tooLarge', file.name);
  }

  let source: Blob = file;
  // A HEIC's pixels come out of libheif already turned by the file's own irot/imir boxes (the HEIF rule; an EXIF
  // tag inside a HEIC is not authoritative), and the JPEG it gives has no EXIF: nothing is left to apply.
  let orientation = 1;
  if (kind === 'heic') {
    try {
      source = await convertHeic(file);
    } catch {
      throw new PhotoError('load', file.name);
    }
  } else {
    orientation = await readOrientation(file);
  }
  const toApply = (await decoderAppliesExif()) ? 1 : orientation;

  let bitmap: ImageBitmap;
  try {
    bitmap = await decodeRaw(source);
  } catch {
    throw new PhotoError('load', file.name);
  }
  try {
    if (!bitmap.width || !bitmap.height) throw new PhotoError('load', file.name);
    // A file no header reader knew (taken at its declared type) is measured once decoded.
    if (overPixelCap(bitmap)) throw new PhotoError('tooLarge', file.name);
    if (isBlank(bitmap)) throw new PhotoError('blank', file.name);
    const upright = await drawUpright(bitmap, toApply);
    return { ...upright, orientation, name: file.name, originalBytes: file.size };
  } catch (err) {
    throw err instanceof PhotoError ? err : new PhotoError('load', file.name);
  } finally {
    bitmap.close();
  }
}

export async function renderPhoto(
  photo: PreparedPhoto,
  edit: { rotation: Rotation; crop?: CropArea | undefined },
  max: { width: number; height: number },
): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await decodeRaw(photo.blob); // the working copy has no EXIF: its pixels are upright
  } catch {
    throw new PhotoError('load', photo.name);
  }
  try {
    const size = { width: bitmap.width, height: bitmap.height };
    const crop = clampCrop(edit.crop, rotatedSize(size, edit.rotation));
    if (!crop) throw new PhotoError('crop', photo.name);
    const out = fitWithin(crop, max);
    const place: Matrix = multiply(scaleTo(crop, out), [1, 0, 0, 1, -crop.x, -crop.y]);
    return await drawJpeg(out, bitmap, multiply(place, rotationMatrix(edit.rotation, size)), JPEG_QUALITY);
  } catch (err) {
    throw err instanceof PhotoError ? err : new PhotoError('load', photo.name);
  } finally {
    bitmap.close();
  }
}

/** What the media step imports (checked against the contract). */
export const pipeline = { preparePhoto, renderPhoto } satisfies DevicePipeline;
