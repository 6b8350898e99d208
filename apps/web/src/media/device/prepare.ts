/** Placeholder pipeline until the device branch lands (no HEIC, browser orientation). Replaced by media-device. */
import { type CropArea, PhotoError, type PreparedPhoto, type Rotation, WORKING_MAX_EDGE } from './types.ts';

function canvas(width: number, height: number) {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d');
  if (!ctx) throw new PhotoError('load', '');
  return { c, ctx };
}

const toJpeg = (c: HTMLCanvasElement, quality = 0.9) =>
  new Promise<Blob>((resolve, reject) =>
    c.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', quality),
  );

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError('load', file.name);
  }
  const scale = Math.min(1, WORKING_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const { c, ctx } = canvas(width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return { blob: await toJpeg(c), width, height, orientation: 1, name: file.name, originalBytes: file.size };
}

export async function renderPhoto(
  photo: PreparedPhoto,
  edit: { rotation: Rotation; crop?: CropArea | undefined },
  max: { width: number; height: number },
): Promise<Blob> {
  const bitmap = await createImageBitmap(photo.blob);
  const turned = edit.rotation === 90 || edit.rotation === 270;
  const rw = turned ? bitmap.height : bitmap.width;
  const rh = turned ? bitmap.width : bitmap.height;
  const rotated = canvas(rw, rh);
  rotated.ctx.translate(rw / 2, rh / 2);
  rotated.ctx.rotate((edit.rotation * Math.PI) / 180);
  rotated.ctx.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
  bitmap.close();
  const crop = edit.crop ?? { x: 0, y: 0, width: rw, height: rh };
  if (crop.width < 30 || crop.height < 30) throw new PhotoError('crop', photo.name);
  const scale = Math.min(1, max.width / crop.width, max.height / crop.height);
  const out = canvas(Math.round(crop.width * scale), Math.round(crop.height * scale));
  out.ctx.drawImage(rotated.c, crop.x, crop.y, crop.width, crop.height, 0, 0, out.c.width, out.c.height);
  return toJpeg(out.c);
}
