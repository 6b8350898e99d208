/**
 * The contract between the media step (apps/web/src/features/media) and the on-device photo pipeline (./prepare.ts, loaded
 * lazily: it pulls exifr and, only for HEIC/HEIF files, a worker with heic-to). Photos are decoded once, their EXIF
 * orientation applied exactly once, scaled down, and kept as an upright JPEG working copy; every crop and rotation
 * is rendered from that copy, so nothing is rotated twice.
 */

/** A photo ready for the editor and the upload. */
export interface PreparedPhoto {
  /** Upright JPEG working copy (EXIF orientation already applied), long edge at most WORKING_MAX_EDGE. */
  blob: Blob;
  width: number;
  height: number;
  /** The EXIF orientation read from the original (1 when absent or unreadable); already applied to `blob`. */
  orientation: number;
  /** The chosen file's name (for messages naming it). */
  name: string;
  /** The chosen file's size in bytes (the stories hint: a vertical photo up to 5 MB). */
  originalBytes: number;
}

/** Rotation steps of the editor (spec §9: 0, 270, 180, 90), clockwise degrees. */
export type Rotation = 0 | 90 | 180 | 270;

/** A crop in pixels of the working copy after `rotation` is applied. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The long edge of the working copy: twice the stored photo's width, so a crop still has detail. */
export const WORKING_MAX_EDGE = 2240;

/**
 * Why a photo could not be used; `name` is the file's name, the message is written by the media step. 'tooLarge':
 * more pixels than the server takes (read from the header, never decoded); 'blank': it decoded or converted to
 * nothing (all transparent, or one flat black or white), so there is nothing to upload.
 */
export class PhotoError extends Error {
  constructor(
    readonly kind: 'unsupported' | 'load' | 'crop' | 'tooLarge' | 'blank',
    readonly fileName: string,
  ) {
    super(`${kind}: ${fileName}`);
  }
}

/** What ./prepare.ts exports (the media step imports it with import()). */
export interface DevicePipeline {
  /** Decodes (HEIC/HEIF converted to JPEG quality 0.5 in a worker first), orients once, scales. Throws PhotoError. */
  preparePhoto(file: File): Promise<PreparedPhoto>;
  /** A JPEG of the working copy rotated then cropped, fitted within `max` (never enlarged). Throws PhotoError. */
  renderPhoto(
    photo: PreparedPhoto,
    edit: { rotation: Rotation; crop?: CropArea | undefined },
    max: { width: number; height: number },
  ): Promise<Blob>;
}
