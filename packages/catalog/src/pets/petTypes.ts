/**
 * Pet types of cat 5 (the petType picker: dogs 1, cats 2, fish 3, parrots 5, horses 8, reptiles 10,
 * rodents 13, ferrets 20, farm animals 21, chickens 22) with their breeds and the features an ad may
 * list, in Hebrew. Breed values are `petType * 1000 + position` (append only, so saved ads keep meaning).
 */
import { PET_BREEDS } from './breeds.ts';

export interface PetType {
  petType: number;
  /** Stable name for catalogue ids ('dogs'). */
  key: string;
  /** As in the picker (plural). */
  name: string;
  /** The animal(s) of an ad, for titles: 'הכלב', 'הדגים'. */
  the: string;
  /** Label of the breed field: גזע, זן, סוג. */
  breedLabel: string;
  breeds: readonly { value: number; text: string }[];
  /** Extra features (checkbox list of the "more properties" step). */
  features: readonly string[];
  /** Ads of these animals are often several at once (a pair, a flock, a school). */
  inGroups: boolean;
}

const HOME_PET = [
  'מחוסן/ת',
  'מעוקר/ת או מסורס',
  'שבב אלקטרוני',
  'תעודת יוחסין',
  'רגיל/ה לילדים',
  'מסתדר/ת עם בעלי חיים אחרים',
];

const TYPES: readonly Omit<PetType, 'breeds'>[] = [
  {
    petType: 1,
    key: 'dogs',
    the: 'הכלב',
    name: 'כלבים',
    breedLabel: 'גזע',
    features: [...HOME_PET, 'מחונך/ת לצרכים', 'מאולף/ת לפקודות בסיסיות'],
    inGroups: false,
  },
  {
    petType: 2,
    key: 'cats',
    the: 'החתול',
    name: 'חתולים',
    breedLabel: 'גזע',
    features: [...HOME_PET, 'רגיל/ה לארגז חול'],
    inGroups: false,
  },
  {
    petType: 3,
    key: 'fish',
    the: 'הדגים',
    name: 'דגים',
    breedLabel: 'סוג',
    features: ['כולל אקווריום', 'כולל מסנן ומשאבה', 'כולל צמחים וקישוטים', 'דגי מים מלוחים'],
    inGroups: true,
  },
  {
    petType: 5,
    key: 'parrots',
    the: 'התוכי',
    name: 'תוכים',
    breedLabel: 'סוג',
    features: ['כולל כלוב', 'מאולף/ת לידיים', 'מדבר/ת', 'טבעת זיהוי', 'האכלה ידנית'],
    inGroups: true,
  },
  {
    petType: 8,
    key: 'horses',
    the: 'הסוס',
    name: 'סוסים',
    breedLabel: 'גזע',
    features: ['מאולף/ת לרכיבה', 'מתאים/ה למתחילים', 'מחוסן/ת', 'תעודת יוחסין', 'כולל ציוד רכיבה', 'פרזול עדכני'],
    inGroups: false,
  },
  {
    petType: 10,
    key: 'reptiles',
    the: 'הזוחל',
    name: 'זוחלים',
    breedLabel: 'סוג',
    features: ['כולל טרריום', 'כולל מנורת חימום ו-UVB', 'אוכל מזון קפוא', 'רגיל/ה למגע'],
    inGroups: false,
  },
  {
    petType: 13,
    key: 'rodents',
    the: 'המכרסם',
    name: 'מכרסמים',
    breedLabel: 'סוג',
    features: ['כולל כלוב', 'כולל אביזרים ומזון', 'רגיל/ה למגע', 'מעוקר/ת או מסורס'],
    inGroups: true,
  },
  {
    petType: 20,
    key: 'ferrets',
    the: 'החמוס',
    name: 'חמוסים',
    breedLabel: 'צבע',
    features: ['מחוסן/ת', 'מעוקר/ת או מסורס', 'כולל כלוב', 'רגיל/ה לארגז חול', 'רגיל/ה לידיים'],
    inGroups: false,
  },
  {
    petType: 21,
    key: 'farmAnimals',
    the: 'בעלי החיים',
    name: 'חיות משק',
    breedLabel: 'סוג',
    features: ['מחוסן/ת', 'בהריון', 'מניב/ה חלב', 'רגיל/ה למגע', 'כולל הובלה'],
    inGroups: true,
  },
  {
    petType: 22,
    key: 'chickens',
    the: 'התרנגולות',
    name: 'תרנגולות',
    breedLabel: 'גזע',
    features: ['מטילות', 'מחוסנות', 'כולל לול', 'ביצים מופרות לדגירה', 'גדלו בחופש'],
    inGroups: true,
  },
];

export const PET_TYPES: readonly PetType[] = TYPES.map((type) => ({
  ...type,
  breeds: (PET_BREEDS[type.petType] ?? []).map((text, i) => ({ value: type.petType * 1000 + i + 1, text })),
}));
