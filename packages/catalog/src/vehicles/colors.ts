/**
 * Colour groups (field colorGroup) and colours (field color, filtered by group). Colour names are registry-style
 * (tzeva_rechev: 'כסף מטלי', 'לבן שנהב'); each colour belongs to exactly one group. Metallic and pearl paints carry a
 * CSS gradient for the swatch. The rows: data/vehicles/colour-groups.json and colours.json.
 */
import groupTable from '../../data/vehicles/colour-groups.json' with { type: 'json' };
import colourTable from '../../data/vehicles/colours.json' with { type: 'json' };
import type { CarColor, ColorGroup } from './types.ts';

export const COLOR_GROUPS: readonly ColorGroup[] = groupTable.rows.map(([value, text, hex]) => ({
  value: value as number,
  text: text as string,
  CarColorGroupHEX: hex as string,
}));

type ColorRow = readonly [number, string, number, string] | readonly [number, string, number, string, string, string];

/** The swatch of a metallic paint: a diagonal sheen from a light to a dark tone through the base colour. */
const metallic = (light: string, base: string, dark: string): string =>
  `linear-gradient(135deg, ${light} 0%, ${base} 50%, ${dark} 100%)`;

export const COLORS: readonly CarColor[] = (colourTable.rows as unknown as readonly ColorRow[]).map(
  ([value, text, groupId, hex, light, dark]) => ({
    value,
    text,
    CarColorGroupID: groupId,
    CarColorHex: hex,
    ...(light === undefined || dark === undefined ? {} : { CarColorGradientStyle: metallic(light, hex, dark) }),
  }),
);
