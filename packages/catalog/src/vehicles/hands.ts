/** Hand (number of owners so far): the options of field hand. 0 is a new vehicle that has had no owner. */
import type { VehicleOption } from './types.ts';

export const HAND_NEW = 0;

export const HAND_OPTIONS: readonly VehicleOption[] = [
  { value: HAND_NEW, text: 'חדש / 0 ק"מ' },
  { value: 1, text: 'יד ראשונה' },
  { value: 2, text: 'יד שנייה' },
  { value: 3, text: 'יד שלישית' },
  { value: 4, text: 'יד רביעית' },
  { value: 5, text: 'יד חמישית' },
  { value: 6, text: 'יד שישית' },
  { value: 7, text: 'יד שביעית' },
  { value: 8, text: 'יד שמינית' },
  { value: 9, text: 'יד תשיעית' },
  { value: 10, text: 'יד עשירית' },
];
