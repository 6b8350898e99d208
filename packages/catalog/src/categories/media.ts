/**
 * The media step (publish-wizard.md §2, §4 "Field behaviour" image and video, §9 photo constants): one photo field
 * with the spec's cropper, and, where the spec has it (real estate, pets, household workers, vehicles), the video
 * field: an iframe of our video upload host.
 */
import { IMAGE_SIZE } from '@app/contract/media';
import type { FieldDef, StepDef } from '@app/form-engine/model';

/** The field ids the browser and the server look for. */
export const PHOTOS_FIELD = 'images';
export const VIDEO_FIELD = 'video';

/** Spec §9 marketing text: photos with clear images get ten times more inquiries. */
export const PHOTOS_MARKETING = 'מודעות עם תמונות ברורות מקבלות פי 10 יותר פניות';

export interface MediaOptions {
  /** The cropper's total_images (5 or more means 10). */
  images: number;
  video?: boolean;
  /** One teacher photo cropped around its centre. */
  centerPoint?: boolean;
  label?: string;
}

export function photosField(options: MediaOptions): FieldDef {
  return {
    id: PHOTOS_FIELD,
    type: 'image',
    label: options.label ?? 'תמונות',
    multiple: options.images > 1,
    cropper: {
      total_images: options.images,
      size: { w: IMAGE_SIZE.width, h: IMAGE_SIZE.height },
      output_format: 'jpeg',
      ...(options.centerPoint ? { centerPoint: true } : {}),
    },
  };
}

export const videoField = (): FieldDef => ({
  id: VIDEO_FIELD,
  type: 'iframe',
  subType: 'video',
  label: 'סרטון',
  tooltip: { before: 'סרטון קצר מראה יותר מכל תיאור. אפשר להעלות קובץ MP4, MOV או WebM.' },
});

export function mediaStep(options: MediaOptions & { title?: string; subTitle?: string }): StepDef {
  return {
    area: 'personal_publish_media',
    title: options.title ?? (options.video ? 'תמונות וסרטון' : 'תמונות'),
    subTitle: options.subTitle ?? PHOTOS_MARKETING,
    stepGroup: 'uploadImages',
    check: false,
    showNavButtons: true,
    showBackButton: true,
    fields: [photosField(options), ...(options.video ? [videoField()] : [])],
  };
}

/** Spec §2 and §5: "3 in some edit flows" (household workers, customer info). */
export const EDIT_PHOTO_CAP = 3;

/** Customer info's media step, in edit mode only: up to 3 photos. */
export const editMediaStep = (): StepDef => ({
  ...mediaStep({ images: EDIT_PHOTO_CAP, title: 'תמונות' }),
  area: 'personal_edit_media',
  edit: true,
  showNavButtons: false,
  showBackButton: false,
});
