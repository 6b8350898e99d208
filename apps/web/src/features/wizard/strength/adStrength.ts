/**
 * The ad-strength meter's rules (after-save-area.md §4 "Ad-strength meter (edit mode)", §9: thresholds 25, 51, 86;
 * description tip threshold 100 characters), pure: no React, no DOM. The meter shows in edit mode as the spec says
 * and, our addition, while creating an ad; each tip names the field (and its step) that fixes it.
 *
 * - Strength: the percent of the enabled, shown, non-checkbox fields that are filled. Display-only fields
 *   (titles, spans, links, buttons, frames) and hidden fields are not fields the user fills; the photo field is
 *   filled when the ad has a photo.
 * - Level: up to 25 'start' (red, no icon); above 25 up to 51 'weak' (participation medal, red); above 51 below 86
 *   'medium' (cup, amber); 86 or more 'strong' (crown, green; confetti on click).
 * - Tips, in the spec's order: no price; fewer than 3 photos; a description under 100 characters; with none of
 *   them, the success line. The upgrade tip is added for the ad's owner in edit mode when the edit order type id
 *   is 1 (a free track).
 */
import { DISPLAY_ONLY_TYPES, type FieldType } from '@app/form-engine/model';
import type { Resolution, ResolvedField } from '@app/form-engine/resolution';
import { isChosen } from '@app/form-engine/values';

export const STRENGTH_THRESHOLDS = { weak: 25, medium: 51, strong: 86 } as const;
export const MIN_PHOTOS = 3;
export const DESCRIPTION_TIP_CHARS = 100;
export const CONFETTI_MS = 3000;

export type StrengthLevel = 'start' | 'weak' | 'medium' | 'strong';
export type StrengthIcon = 'none' | 'medal' | 'cup' | 'crown';
export type StrengthColor = 'red' | 'amber' | 'green';

export type TipKind = 'price' | 'photos' | 'description' | 'success' | 'upgrade';

export interface StrengthTip {
  kind: TipKind;
  /** The field that fixes it and its step (none for success and upgrade). */
  fieldId?: string;
  step?: number;
}

export interface AdStrength {
  percent: number;
  level: StrengthLevel;
  icon: StrengthIcon;
  color: StrengthColor;
  tips: StrengthTip[];
}

export interface StrengthInput {
  resolution: Pick<Resolution, 'steps'>;
  /** Photos the ad has now (the media session's count); undefined when the steps have no photo field. */
  photos: number | undefined;
  mode: 'publish' | 'edit';
  /** The owner edits an ad whose order type id (adData.OrderTypeID) is 1. */
  ownerEditOrderType?: number | null | undefined;
  /** Steps whose fields are not counted: the category picker (step 0 in publish mode). */
  skipSteps?: ReadonlySet<number>;
}

/** Types that are not filled by the user: display-only, hidden, and the checkbox (spec: non-checkbox). */
const NOT_COUNTED: ReadonlySet<FieldType> = new Set<FieldType>([...DISPLAY_ONLY_TYPES, 'hidden', 'checkbox']);

/** The photo field: type image with a cropper (features/media/useMediaSession.ts). */
const isPhotoField = (f: ResolvedField): boolean => f.def.type === 'image' && Boolean(f.def.cropper);

export function levelOf(percent: number): { level: StrengthLevel; icon: StrengthIcon; color: StrengthColor } {
  if (percent >= STRENGTH_THRESHOLDS.strong) return { level: 'strong', icon: 'crown', color: 'green' };
  if (percent > STRENGTH_THRESHOLDS.medium) return { level: 'medium', icon: 'cup', color: 'amber' };
  if (percent > STRENGTH_THRESHOLDS.weak) return { level: 'weak', icon: 'medal', color: 'red' };
  return { level: 'start', icon: 'none', color: 'red' };
}

const textLength = (v: unknown): number => (typeof v === 'string' ? v.trim().length : 0);

/** The description field: id 'description', else the first textarea (tourism 'info', pets 'remark'…). */
function descriptionField(fields: readonly ResolvedField[]): ResolvedField | undefined {
  return fields.find((f) => f.def.id === 'description') ?? fields.find((f) => f.def.type === 'textarea');
}

export function adStrength(input: StrengthInput): AdStrength {
  const fields = input.resolution.steps
    .filter((step) => step.visible && !input.skipSteps?.has(step.index))
    .flatMap((step) => step.fields)
    .filter((f) => f.visible && f.enabled && !NOT_COUNTED.has(f.def.type));
  const filled = fields.filter((f) => (isPhotoField(f) ? (input.photos ?? 0) > 0 : isChosen(f.value))).length;
  // The level reads the exact share (6 of 7 is 85.7 %: medium, though it shows as 86 %).
  const exact = fields.length === 0 ? 0 : (filled / fields.length) * 100;
  const percent = Math.round(exact);

  const tips: StrengthTip[] = [];
  const at = (f: ResolvedField) => ({ fieldId: f.def.id, step: f.step });
  const price = fields.find((f) => f.def.id === 'price');
  if (price && !isChosen(price.value)) tips.push({ kind: 'price', ...at(price) });
  const photo = fields.find(isPhotoField);
  if (photo && input.photos !== undefined && input.photos < MIN_PHOTOS) tips.push({ kind: 'photos', ...at(photo) });
  const description = descriptionField(fields);
  if (description && textLength(description.value) < DESCRIPTION_TIP_CHARS) {
    tips.push({ kind: 'description', ...at(description) });
  }
  if (tips.length === 0) tips.push({ kind: 'success' });
  if (input.mode === 'edit' && input.ownerEditOrderType === 1) tips.push({ kind: 'upgrade' });
  return { percent, ...levelOf(exact), tips };
}

/**
 * While creating an ad, the tips the user can act on now: those of steps up to `reachable` (the open step or one
 * already passed). Tips of steps still ahead wait for them (the user gets there anyway); the success line shows only
 * when nothing at all is left to fix.
 */
export function reachableTips(tips: readonly StrengthTip[], reachable: number): StrengthTip[] {
  const pending = tips.some((t) => t.step !== undefined);
  return tips.filter((t) => (t.step === undefined ? t.kind !== 'success' || !pending : t.step <= reachable));
}
