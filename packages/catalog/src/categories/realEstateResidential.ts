/**
 * Homes for sale (subcat 1) and for rent (subcat 2). "Find a partner" (שותפים) is a rent sub-flow: the
 * rent ad's first question is whole apartment or a room in a shared apartment, and a shared one asks how
 * many partners live there and who is sought (the picker offers sale, rent and commercial; a partner ad is
 * a rent ad of a room, found by the same searches).
 */
import { type CategoryCatalog, type Condition, type FieldDef, MODEL_VERSION } from '@app/form-engine/model';
import {
  PARTNER_GENDER,
  PRICE_LINKAGE_RENT,
  PRICE_LINKAGE_SALE,
  RENT_PARTNERS,
  RENT_TYPES,
  RENT_WHOLE,
  ROOMMATES,
} from '../realEstate/choices.ts';
import { RESIDENTIAL_FEATURES } from '../realEstate/features.ts';
import { RESIDENTIAL_TYPES } from '../realEstate/homeTypes.ts';
import { withEditSteps } from './editing.ts';
import { type AddressFlags, addressFields } from './realEstateAddress.ts';
import {
  airDirectionsSelect,
  arnonaInput,
  balconiesSelect,
  conditionSelect,
  descriptionTextarea,
  entranceDateInput,
  featureCheckboxes,
  flexibleEntranceCheckbox,
  floorFields,
  furnitureInfo,
  gardenInput,
  homeTypeSelect,
  houseCommitteeInput,
  IS_APARTMENT,
  monthlyTotalField,
  NOT_LAND,
  nominalPriceSelect,
  onPillarsCheckbox,
  parkingSelect,
  paymentInYearSelect,
  plotInput,
  priceInput,
  pricePerMeterField,
  roomsSelect,
  select,
  sqmBuiltInput,
} from './realEstateFields.ts';
import {
  addressStep,
  paymentsStep,
  propertiesStep,
  REAL_ESTATE_EDIT_NAMES,
  REAL_ESTATE_LOCKED,
  realEstateCategoryStep,
} from './realEstateSteps.ts';
import { closingSteps } from './vehiclesSteps.ts';

const HOME_ADDRESS: AddressFlags = {
  street: 'required',
  homeNumber: 'required',
  entrance: 'optional',
  neighborhood: 'optional',
};

const DESCRIPTION_HINT = 'ספרו על הנכס: האור, הנוף, השכנים, הקרבה לתחבורה, לגנים ולבתי ספר';

const IS_PARTNERS: Condition = { kind: 'field', field: 'rentType', values: [RENT_PARTNERS] };

const rentTypeRadio = (): FieldDef => ({
  id: 'rentType',
  type: 'radio',
  label: 'מה תרצו לפרסם?',
  isRequired: true,
  defaultValue: RENT_WHOLE,
  options: RENT_TYPES.map(([value, text]) => ({ value, text })),
  column: 1,
  priority: 1,
});

const homeAddressStep = (rent: boolean) =>
  addressStep([
    ...(rent ? [rentTypeRadio()] : []),
    homeTypeSelect(RESIDENTIAL_TYPES.filter((t) => !rent || t.rent)),
    conditionSelect(),
    ...addressFields(HOME_ADDRESS),
    ...floorFields(IS_APARTMENT, true),
    onPillarsCheckbox(),
  ]);

const partnerFields = (): FieldDef[] => [
  select('roommates', 'כמה שותפים גרים בדירה?', ROOMMATES, {
    isRequired: true,
    showcond: IS_PARTNERS,
    column: 1,
    priority: 5,
    accordionBrief: { prefix: 'דירת שותפים: ' },
  }),
  select('partnerGender', 'את מי אתם מחפשים?', PARTNER_GENDER, { showcond: IS_PARTNERS, column: 1, priority: 6 }),
];

const homePropertiesStep = (rent: boolean) =>
  propertiesStep([
    roomsSelect(true, { showcond: NOT_LAND }),
    parkingSelect(),
    balconiesSelect({ showcond: NOT_LAND }),
    airDirectionsSelect({ showcond: NOT_LAND }),
    ...(rent ? partnerFields() : []),
    ...featureCheckboxes(RESIDENTIAL_FEATURES, 2, rent).map((f) => (f.showcond ? f : { ...f, showcond: NOT_LAND })),
    descriptionTextarea(3, DESCRIPTION_HINT),
    furnitureInfo(3),
  ]);

const rentPrice = (required: boolean) =>
  priceInput('שכר דירה לחודש', {
    maxlength: 6,
    ...(required ? { isRequired: true } : {}),
    tooltip: { after: 'בדירת שותפים: החלק של השותף/ה החדש/ה' },
  });

const homePaymentsStep = (rent: boolean) =>
  paymentsStep([
    sqmBuiltInput(true),
    gardenInput(),
    plotInput(),
    ...(rent ? [rentPrice(true), nominalPriceSelect(PRICE_LINKAGE_RENT), paymentInYearSelect()] : []),
    ...(rent ? [] : [priceInput('מחיר'), nominalPriceSelect(PRICE_LINKAGE_SALE), pricePerMeterField()]),
    { ...houseCommitteeInput(), showcond: NOT_LAND },
    arnonaInput(),
    ...(rent ? [monthlyTotalField()] : []),
    entranceDateInput(true, { showcond: NOT_LAND }),
    { ...flexibleEntranceCheckbox(), showcond: NOT_LAND },
  ]);

const residential = (id: string, subcat: number, rent: boolean): CategoryCatalog =>
  withEditSteps(
    {
      version: MODEL_VERSION,
      id,
      cat: 2,
      subcats: [subcat],
      firstStep: 1,
      steps: [
        realEstateCategoryStep(),
        homeAddressStep(rent),
        homePropertiesStep(rent),
        homePaymentsStep(rent),
        ...closingSteps(),
      ],
      // A rent ad stays a whole apartment or a room in a shared one, as published.
      editLocked: [...REAL_ESTATE_LOCKED, 'entrance', ...(rent ? ['rentType'] : [])],
    },
    { names: REAL_ESTATE_EDIT_NAMES },
  );

export const SALE_CATALOG = residential('real-estate-sale', 1, false);
export const RENT_CATALOG = residential('real-estate-rent', 2, true);
