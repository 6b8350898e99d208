/**
 * Commercial real estate (subcat 4): offices, shops, clinics, storage, industry, halls, parking lots and
 * commercial land, for sale or for rent (DealType). A rent deal asks for payments a year; the price is the
 * asking price of a sale or the monthly rent. No building entrance; the floor is asked for space in a building.
 */
import { type CategoryCatalog, type Condition, type FieldDef, MODEL_VERSION } from '@app/form-engine/model';
import { DEAL_RENT, DEAL_TYPES, PRICE_LINKAGE_SALE } from '../realEstate/choices.ts';
import { COMMERCIAL_FEATURES } from '../realEstate/features.ts';
import { COMMERCIAL_TYPES, TYPE_IDS } from '../realEstate/homeTypes.ts';
import { withEditSteps } from './editing.ts';
import { type AddressFlags, addressFields } from './realEstateAddress.ts';
import {
  arnonaInput,
  descriptionTextarea,
  entranceDateInput,
  featureCheckboxes,
  flexibleEntranceCheckbox,
  floorFields,
  homeTypeSelect,
  NOT_LAND,
  nominalPriceSelect,
  parkingSelect,
  paymentInYearSelect,
  plotInput,
  priceInput,
  roomsSelect,
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

const COMMERCIAL_ADDRESS: AddressFlags = {
  street: 'required',
  homeNumber: 'optional',
  entrance: 'none',
  neighborhood: 'optional',
};

const IS_RENT: Condition = { kind: 'field', field: 'DealType', values: [DEAL_RENT] };
const ON_FLOOR: Condition = { kind: 'field', field: 'HomeTypeID', values: TYPE_IDS.commercialOnFloor };

const DESCRIPTION_HINT = 'ספרו על הנכס: חזית, נגישות, תנועת לקוחות, חניה לעובדים, שימושים מותרים';

const dealTypeRadio = (): FieldDef => ({
  id: 'DealType',
  type: 'radio',
  label: 'סוג העסקה',
  isRequired: true,
  options: DEAL_TYPES.map(([value, text]) => ({ value, text })),
  column: 1,
  priority: 1,
  accordionBrief: {},
});

/**
 * The price of a sale, or the monthly rent (after-save-area.md §9 "Show-monthly-price text for cat 2 subcat 4"): in
 * a rent deal the field, its hint and the step's summary say it is per month.
 */
export const MONTHLY_PRICE_TEXTS = {
  label: 'מחיר לחודש',
  tooltip: { after: 'שכר הדירה החודשי. מודעה עם מחיר מקבלת יותר פניות' },
  accordionBrief: { postfix: ' ₪ לחודש' },
} as const;

const commercialPrice = (): FieldDef => priceInput('מחיר', { textsWhen: [{ when: IS_RENT, ...MONTHLY_PRICE_TEXTS }] });

/** Rent deals are paid in instalments; a sale is not. */
const payments = (): FieldDef => paymentInYearSelect({ showcond: IS_RENT });

export const COMMERCIAL_CATALOG: CategoryCatalog = withEditSteps(
  {
    version: MODEL_VERSION,
    id: 'real-estate-commercial',
    cat: 2,
    subcats: [4],
    firstStep: 1,
    steps: [
      realEstateCategoryStep(),
      addressStep([
        dealTypeRadio(),
        homeTypeSelect(COMMERCIAL_TYPES),
        ...addressFields(COMMERCIAL_ADDRESS),
        ...floorFields(ON_FLOOR, false),
      ]),
      propertiesStep([
        roomsSelect(false, { label: 'מספר חדרים', showcond: ON_FLOOR }),
        parkingSelect({ label: 'חניות' }),
        ...featureCheckboxes(COMMERCIAL_FEATURES, 2, true).map((f) => ({ ...f, showcond: NOT_LAND })),
        descriptionTextarea(3, DESCRIPTION_HINT),
      ]),
      paymentsStep([
        sqmBuiltInput(true, { label: 'שטח בנוי (מ"ר)' }),
        plotInput(),
        commercialPrice(),
        nominalPriceSelect(PRICE_LINKAGE_SALE),
        payments(),
        arnonaInput(),
        entranceDateInput(false),
        flexibleEntranceCheckbox(),
      ]),
      ...closingSteps(),
    ],
    // The deal (sale or rent) stays as published, with the property.
    editLocked: [...REAL_ESTATE_LOCKED, 'DealType'],
  },
  { names: REAL_ESTATE_EDIT_NAMES },
);
