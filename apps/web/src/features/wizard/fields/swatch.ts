/**
 * Colour swatches of colour options (after-save-area.md "Car fields"): a colour group carries
 * CarColorGroupHEX, a colour CarColorHex and, for metallic paints, CarColorGradientStyle.
 */
import type { Option } from '@app/form-engine/model';

const HEX = /^#[\da-f]{3,8}$/i;
/** A linear gradient of hex stops and percentages only: nothing else reaches the style. */
const GRADIENT = /^linear-gradient\(\s*\d{1,3}deg(\s*,\s*#[\da-f]{3,8}(\s+\d{1,3}%)?)+\s*\)$/i;

/** The CSS background of an option's swatch, or undefined when it has none (or an unsafe one). */
export function swatchOf(option: Pick<Option, 'attrs'>): string | undefined {
  const attrs = option.attrs ?? {};
  const gradient = attrs.CarColorGradientStyle;
  if (typeof gradient === 'string' && GRADIENT.test(gradient.trim())) return gradient.trim();
  const hex = attrs.CarColorHex ?? attrs.CarColorGroupHEX;
  return typeof hex === 'string' && HEX.test(hex) ? hex : undefined;
}

/** A select shows swatches when its options carry colours. */
export function hasSwatches(options: readonly Pick<Option, 'attrs'>[] | undefined): boolean {
  return (options ?? []).some((option) => swatchOf(option) !== undefined);
}
