/**
 * Colour groups (field colorGroup) and colours (field color, filtered by group). Colour names are registry-style
 * (tzeva_rechev: 'כסף מטלי', 'לבן שנהב'); each colour belongs to exactly one group. Metallic and pearl paints carry a
 * CSS gradient for the swatch.
 */
import type { CarColor, ColorGroup } from './types.ts';

// biome-ignore format: one group per line
export const COLOR_GROUPS: readonly ColorGroup[] = [
  { value: 1, text: 'לבן', CarColorGroupHEX: '#FFFFFF' },
  { value: 2, text: 'שחור', CarColorGroupHEX: '#000000' },
  { value: 3, text: 'כסוף', CarColorGroupHEX: '#C0C0C0' },
  { value: 4, text: 'אפור', CarColorGroupHEX: '#808080' },
  { value: 5, text: 'כחול', CarColorGroupHEX: '#1F4E9C' },
  { value: 6, text: 'אדום', CarColorGroupHEX: '#C62828' },
  { value: 7, text: 'ירוק', CarColorGroupHEX: '#2E7D32' },
  { value: 8, text: 'צהוב', CarColorGroupHEX: '#FBC02D' },
  { value: 9, text: 'כתום', CarColorGroupHEX: '#EF6C00' },
  { value: 10, text: 'חום', CarColorGroupHEX: '#6D4C41' },
  { value: 11, text: "בז'", CarColorGroupHEX: '#D7C4A3' },
  { value: 12, text: 'זהב', CarColorGroupHEX: '#C9A44C' },
  { value: 13, text: 'סגול', CarColorGroupHEX: '#6A1B9A' },
  { value: 14, text: 'ורוד', CarColorGroupHEX: '#EC407A' },
];

/** [value, text, groupId, hex, gradient stops (light, dark) for metallic and pearl paints] */
type ColorRow = readonly [number, string, number, string] | readonly [number, string, number, string, string, string];

/** The swatch of a metallic paint: a diagonal sheen from a light to a dark tone through the base colour. */
const metallic = (light: string, base: string, dark: string): string =>
  `linear-gradient(135deg, ${light} 0%, ${base} 50%, ${dark} 100%)`;

// biome-ignore format: one colour per line
const ROWS: readonly ColorRow[] = [
  [101, 'לבן', 1, '#FFFFFF'],
  [102, 'לבן שנהב', 1, '#FFFFF0'],
  [103, 'לבן פנינה', 1, '#F8F6F0', '#FFFFFF', '#E4E1D8'],
  [104, 'לבן מטלי', 1, '#F2F2F2', '#FFFFFF', '#D6D6D6'],
  [105, 'לבן שלג', 1, '#FFFAFA'],
  [201, 'שחור', 2, '#000000'],
  [202, 'שחור מטלי', 2, '#1C1C1C', '#4A4A4A', '#000000'],
  [203, 'שחור פנינה', 2, '#111111', '#3A3A40', '#000000'],
  [301, 'כסף מטלי', 3, '#C0C0C0', '#F0F0F0', '#8C8C8C'],
  [302, 'כסוף', 3, '#BFC1C2'],
  [303, 'כסף כהה מטלי', 3, '#8E9196', '#C4C6CA', '#5E6166'],
  [304, 'כסף טיטניום מטלי', 3, '#A8A9AD', '#DADBDE', '#76777B'],
  [401, 'אפור', 4, '#808080'],
  [402, 'אפור מטלי', 4, '#7A7D80', '#B4B7BA', '#4C4F52'],
  [403, 'אפור כהה מטלי', 4, '#4A4D50', '#7C7F82', '#26282A'],
  [404, 'אפור עכבר', 4, '#6E6E6E'],
  [405, 'אפור גרפיט מטלי', 4, '#41424C', '#70717C', '#222329'],
  [406, 'אפור נרדו', 4, '#8C8C88'],
  [501, 'כחול', 5, '#1F4E9C'],
  [502, 'כחול מטלי', 5, '#1F4E9C', '#5B86CC', '#0F2C5E'],
  [503, 'כחול כהה מטלי', 5, '#14213D', '#34476E', '#070D1A'],
  [504, 'תכלת', 5, '#5DADE2'],
  [505, 'כחול נייבי', 5, '#1B2A49'],
  [506, 'תכלת מטלי', 5, '#6CA6CD', '#A6CCE6', '#3F7399'],
  [601, 'אדום', 6, '#C62828'],
  [602, 'אדום מטלי', 6, '#B71C1C', '#E35050', '#7A0E0E'],
  [603, 'בורדו מטלי', 6, '#6D1A2B', '#9C3A4E', '#3F0C17'],
  [604, 'אדום יין', 6, '#722F37'],
  [701, 'ירוק', 7, '#2E7D32'],
  [702, 'ירוק מטלי', 7, '#2E6B3A', '#5E9E6A', '#17401F'],
  [703, 'ירוק זית', 7, '#6B7B3A'],
  [704, 'ירוק כהה מטלי', 7, '#1E3B2A', '#3F6650', '#0C1E14'],
  [705, 'טורקיז', 7, '#1ABC9C'],
  [801, 'צהוב', 8, '#FBC02D'],
  [802, 'צהוב לימון', 8, '#FFF44F'],
  [803, 'צהוב מטלי', 8, '#E8B923', '#FFE07A', '#A88210'],
  [901, 'כתום', 9, '#EF6C00'],
  [902, 'כתום מטלי', 9, '#E65100', '#FF9A4D', '#9E3700'],
  [1001, 'חום', 10, '#6D4C41'],
  [1002, 'חום מטלי', 10, '#5D4037', '#8D6E63', '#3E2723'],
  [1003, 'ברונזה מטלי', 10, '#8C6A3F', '#C09A68', '#5C4424'],
  [1004, 'נחושת מטלי', 10, '#B87333', '#E0A670', '#7A4A1F'],
  [1101, "בז'", 11, '#D7C4A3'],
  [1102, "בז' מטלי", 11, '#CDB891', '#EFE2C8', '#A08B66'],
  [1103, 'שמפניה מטלי', 11, '#D8C7A1', '#F4EAD2', '#A9976F'],
  [1104, 'קרם', 11, '#FFFDD0'],
  [1201, 'זהב מטלי', 12, '#C9A44C', '#F1D88C', '#8E6E25'],
  [1202, 'זהב', 12, '#D4AF37'],
  [1301, 'סגול', 13, '#6A1B9A'],
  [1302, 'סגול מטלי', 13, '#5B2C83', '#8E5DB8', '#33164D'],
  [1401, 'ורוד', 14, '#EC407A'],
  [1402, 'ורוד מטלי', 14, '#D8809F', '#F2B8CC', '#A34D6C'],
];

export const COLORS: readonly CarColor[] = ROWS.map(([value, text, groupId, hex, light, dark]) => ({
  value,
  text,
  CarColorGroupID: groupId,
  CarColorHex: hex,
  ...(light === undefined || dark === undefined ? {} : { CarColorGradientStyle: metallic(light, hex, dark) }),
}));
