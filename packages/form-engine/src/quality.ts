/**
 * The characters counter and the description quality bar (publish-wizard.md §5): under a maxlength of 200 the
 * breakpoints are 20/30/50/60 characters, otherwise 30/60/100/130; the bar's scale ends at maxlength when it
 * is under 200, otherwise at 150.
 */
import { DEFAULT_MAXLENGTH } from './format.ts';
import { QUALITY_CAPTIONS } from './messages.ts';

export type QualityLevel = 'empty' | 'tooShort' | 'rightWay' | 'almostThere' | 'nearly' | 'bullseye';

export interface Quality {
  level: QualityLevel;
  caption: string;
  /** 0-100: how full the bar is. */
  percent: number;
  breakpoints: readonly [number, number, number, number];
  scaleMax: number;
}

const SHORT: readonly [number, number, number, number] = [20, 30, 50, 60];
const LONG: readonly [number, number, number, number] = [30, 60, 100, 130];
const LEVELS: readonly QualityLevel[] = ['tooShort', 'rightWay', 'almostThere', 'nearly', 'bullseye'];

/** Quality of a description of `length` characters (a length below the nth breakpoint is level n). */
export function quality(length: number, maxlength = DEFAULT_MAXLENGTH): Quality {
  const breakpoints = maxlength < 200 ? SHORT : LONG;
  const scaleMax = maxlength < 200 ? maxlength : 150;
  const below = breakpoints.findIndex((point) => length < point);
  const level: QualityLevel = length <= 0 ? 'empty' : (LEVELS[below === -1 ? 4 : below] ?? 'bullseye');
  const percent = scaleMax > 0 ? Math.min(100, Math.max(0, Math.round((length / scaleMax) * 100))) : 0;
  return { level, caption: QUALITY_CAPTIONS[level], percent, breakpoints, scaleMax };
}

export interface CharsCount {
  count: number;
  max: number;
  remaining: number;
  /** "count/max", for a counter in an ltr <bdi>. */
  text: string;
}

export function charsCounter(value: string, maxlength = DEFAULT_MAXLENGTH): CharsCount {
  const count = value.length; // UTF-16 units, like the input's maxlength and the maxlength rule
  return { count, max: maxlength, remaining: Math.max(0, maxlength - count), text: `${count}/${maxlength}` };
}
