/**
 * Pets (cat 5): one catalogue per petType of the picker (dogs 1, cats 2, fish 3, parrots 5, horses 8,
 * reptiles 10, rodents 13, ferrets 20, farm animals 21, chickens 22), each with its own breeds. Steps: the
 * type (step 0, the picker), pet properties, more properties (extra features, short description), media
 * with video, login, plan. Edit: the pet properties, the more properties and the media (the kind of animal stays),
 * then the edit login. Without a petType nothing is served.
 */
import { type CategoryCatalog, MODEL_VERSION, type StepDef } from '@app/form-engine/model';
import { PET_TYPES, type PetType } from '../pets/petTypes.ts';
import { PICKERS } from '../pickers.ts';
import { withEditSteps } from './editing.ts';
import { mediaStep } from './media.ts';
import {
  adTypeField,
  ageField,
  breedField,
  featuresField,
  heightField,
  petAreaField,
  petPriceField,
  quantityField,
  sexField,
  shortDescriptionField,
} from './petsFields.ts';
import { loginStep, planStep } from './vehiclesSteps.ts';

const petsPicker = PICKERS.find((picker) => picker.id === 'pets');

const categoryStep = (): StepDef => ({
  area: 'personal_publish_category',
  title: petsPicker?.label ?? 'איזה בעל חיים תרצו לפרסם?',
  closeTitle: 'בעלי חיים',
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  accordionBrief: { prefix: 'בעלי חיים · ' },
  fields: [
    {
      id: 'petType',
      type: 'radio',
      label: 'סוג בעל החיים',
      isRequired: true,
      options: (petsPicker?.entries ?? []).map((e) => ({ value: e.params.petType ?? '', text: e.title })),
      accordionBrief: {},
    },
  ],
});

const propertiesStep = (type: PetType): StepDef => ({
  area: 'personal_publish_pet_properties',
  title: `פרטי ${type.the}`,
  closeTitle: 'פרטי בעל החיים',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: false,
  accordionBrief: { separator: ' · ' },
  fields: [
    breedField(type),
    adTypeField({ priority: 2 }),
    sexField(type, { priority: 3 }),
    ...(type.inGroups ? [quantityField({ priority: 4 })] : []),
    ageField({ priority: 5 }),
    ...(type.petType === 8 ? [heightField({ priority: 6 })] : []),
    petPriceField({ priority: 7 }),
    petAreaField({ priority: 8 }),
  ],
});

const morePropertiesStep = (type: PetType): StepDef => ({
  area: 'personal_publish_pet_more_properties',
  title: 'עוד פרטים',
  subTitle: 'מודעה עם פרטים מלאים מוצאת בית מהר יותר',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
  fields: [featuresField(type, { priority: 1 }), shortDescriptionField(type, { priority: 2 })],
});

const petCatalog = (type: PetType): CategoryCatalog =>
  withEditSteps({
    version: MODEL_VERSION,
    id: `pets-${type.key}`,
    cat: 5,
    subcats: [],
    petTypes: [type.petType],
    firstStep: 1,
    steps: [
      categoryStep(),
      propertiesStep(type),
      morePropertiesStep(type),
      mediaStep({ images: 10, video: true }),
      loginStep(),
      planStep(),
    ],
    // The kind of animal stays as published; its breed, sex, area and the rest are the owner's to change.
    editLocked: ['petType'],
  });

export const PET_CATALOGS: readonly CategoryCatalog[] = PET_TYPES.map(petCatalog);
