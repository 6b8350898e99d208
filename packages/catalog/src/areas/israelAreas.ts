/**
 * Areas of Israel for an ad's location (second-hand pick-up, business for sale, pets, teachers, household
 * workers, customer info): the broad regions people search by. Pure data; ids are stable.
 */
export interface Area {
  id: number;
  name: string;
}

export const ISRAEL_AREAS: readonly Area[] = [
  { id: 1, name: 'ירושלים והסביבה' },
  { id: 2, name: 'תל אביב - יפו' },
  { id: 3, name: 'גוש דן' },
  { id: 4, name: 'השרון' },
  { id: 5, name: 'המרכז והשפלה' },
  { id: 6, name: 'חיפה והקריות' },
  { id: 7, name: 'חדרה וחוף הכרמל' },
  { id: 8, name: 'הגליל והצפון' },
  { id: 9, name: 'העמקים' },
  { id: 10, name: 'רמת הגולן' },
  { id: 11, name: 'יהודה ושומרון' },
  { id: 12, name: 'אשדוד, אשקלון והסביבה' },
  { id: 13, name: 'באר שבע והנגב' },
  { id: 14, name: 'אילת והערבה' },
];
