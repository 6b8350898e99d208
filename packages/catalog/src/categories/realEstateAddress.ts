/**
 * The property address: locality (autocomplete over the official list), street (autocomplete over that
 * locality's streets), house number, entrance and neighbourhood. The spec's address flags (hasStreet,
 * hasNeighborhood, hasHomeNumber, hasEntrance and their isRequired counterparts) are per catalogue here:
 * `addressFields(flags)` leaves out the parts a catalogue does not have and makes required the ones it asks
 * for. Per locality, a place without streets (LOCALITIES_WITHOUT_STREETS) shows no street or house number.
 * Dependencies carry the spec's reset rule: a new locality resets street, neighbourhood, house number and
 * entrance (street and neighbourhood depend on city, house number on street, entrance on house number).
 */
import type { Condition, FieldDef } from '@app/form-engine/model';
import { ENTRANCES } from '../realEstate/choices.ts';
import { LOCALITIES_WITHOUT_STREETS } from '../realEstate/localitiesWithoutStreets.ts';
import { ADDRESS_LISTS, addressListUrl } from './realEstateLists.ts';

export type Presence = 'required' | 'optional' | 'none';

export interface AddressFlags {
  street: Exclude<Presence, 'none'>;
  homeNumber: Presence;
  entrance: Presence;
  neighborhood: Presence;
}

/** The locality has streets (the street field applies). */
export const HAS_STREETS: Condition = {
  kind: 'field',
  field: 'city',
  op: '!=',
  values: LOCALITIES_WITHOUT_STREETS.map(String),
};

const MIN_CHARACTERS = 2;

export const cityField = (): FieldDef => ({
  id: 'city',
  type: 'autocomplete',
  label: 'ישוב',
  placeholder: 'הקלידו את שם הישוב',
  isRequired: true,
  dataUrl: addressListUrl(ADDRESS_LISTS.cities),
  autoCompletePreferenceObject: { minCharacters: MIN_CHARACTERS },
  column: 2,
  priority: 1,
  accordionBrief: {},
});

/**
 * A required street may be left out when a neighbourhood is chosen: a street that is missing from the list
 * is reported through the missing-address form, and the ad can still go on with its neighbourhood.
 */
export const streetField = (flags: AddressFlags): FieldDef => ({
  id: 'street',
  type: 'autocomplete',
  label: 'רחוב',
  placeholder: 'הקלידו את שם הרחוב',
  dataUrl: addressListUrl(ADDRESS_LISTS.streets),
  dependence: ['city'],
  showcond: HAS_STREETS,
  autoCompletePreferenceObject: { minCharacters: MIN_CHARACTERS },
  ...(flags.street === 'required'
    ? {
        isRequired: true,
        ...(flags.neighborhood === 'none' ? {} : { multipleRequiredObject: { fields: ['neighborhood'] } }),
      }
    : {}),
  column: 2,
  priority: 2,
  accordionBrief: {},
});

/** House numbers such as 12, 7א, 103. Required (when asked for) once a street is chosen. */
export const homeNumberField = (flags: AddressFlags): FieldDef => ({
  id: 'homeNumber',
  type: 'text',
  label: 'מספר בית',
  placeholder: 'לדוגמה: 12',
  dir: 'ltr',
  maxlength: 5,
  regex: '^\\d{1,4}[\\u05D0-\\u05EA]?$',
  regexErrorMessage: 'יש להזין מספר בית, לדוגמה 12 או 12א',
  dependence: ['street'],
  ...(flags.homeNumber === 'required' ? { isRequired: true } : {}),
  column: 2,
  priority: 3,
  subPriority: 1,
  accordionBrief: {},
});

export const entranceField = (flags: AddressFlags): FieldDef => ({
  id: 'entrance',
  type: 'select',
  label: 'כניסה',
  placeholder: 'בחירה',
  options: ENTRANCES.map(([value, text]) => ({ value, text })),
  dependence: ['homeNumber'],
  ...(flags.entrance === 'required' ? { isRequired: true } : {}),
  column: 2,
  priority: 3,
  subPriority: 2,
  accordionBrief: { prefix: 'כניסה ' },
});

/** The locality's neighbourhoods; disabled (and not sent) where the list has none. */
export const neighborhoodField = (flags: AddressFlags): FieldDef => ({
  id: 'neighborhood',
  type: 'select',
  label: 'שכונה',
  placeholder: 'בחירה',
  dataUrl: addressListUrl(ADDRESS_LISTS.neighborhoods),
  dependence: ['city'],
  ...(flags.neighborhood === 'required' ? { isRequired: true } : {}),
  column: 2,
  priority: 4,
  accordionBrief: {},
});

export function addressFields(flags: AddressFlags): FieldDef[] {
  return [
    cityField(),
    streetField(flags),
    ...(flags.homeNumber === 'none' ? [] : [homeNumberField(flags)]),
    ...(flags.homeNumber === 'none' || flags.entrance === 'none' ? [] : [entranceField(flags)]),
    ...(flags.neighborhood === 'none' ? [] : [neighborhoodField(flags)]),
  ];
}
