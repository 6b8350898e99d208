/**
 * Steps every vehicle catalogue shares: the sub-category choice (step 0), the sale properties, the closing steps
 * (media, login, plan) and what edit mode locks.
 */

import type { FieldDef, Option, StepDef } from '@app/form-engine/model';
import { PICKERS } from '../pickers.ts';
import { editLoginStep, loginStep } from './contact.ts';
import { mediaStep } from './media.ts';

const vehiclePicker = PICKERS.find((picker) => picker.id === 'vehicles');

/** Sub-categories of cat 1: the picker's entries plus the trader sub-categories 8 and 11. */
export const VEHICLE_SUBCAT_OPTIONS: Option[] = [
  ...(vehiclePicker?.entries ?? []).map((entry) => ({ value: entry.params.subcat ?? '', text: entry.title })),
  { value: '8', text: 'רכב פרטי (סוחר)' },
  { value: '11', text: 'רכב מסחרי (סוחר)' },
];

/**
 * Step 0, area personal_publish_category: the existing picker UI renders it. The caller seeds the `subcat`
 * value from the route query; other fields' lists and conditions read it.
 */
export const categoryStep = (): StepDef => ({
  area: 'personal_publish_category',
  title: vehiclePicker?.label ?? 'איזה רכב תרצו לפרסם?',
  closeTitle: 'רכב',
  stepGroup: 'chooseSubcat',
  check: false,
  showNavButtons: false,
  showBackButton: false,
  accordionBrief: { prefix: 'רכב · ' },
  fields: [
    {
      id: 'subcat',
      type: 'radio',
      label: 'סוג הרכב',
      isRequired: true,
      options: VEHICLE_SUBCAT_OPTIONS,
      accordionBrief: {},
    },
  ],
});

export const priceInput = (): FieldDef => ({
  id: 'price',
  type: 'number',
  label: 'מחיר',
  placeholder: 'סכום בש"ח',
  isNumeric: true,
  maxlength: 9,
  priority: 1,
  tooltip: { after: 'מודעה עם מחיר מקבלת יותר פניות' },
  accordionBrief: { postfix: ' ₪' },
});

export const descriptionInput = (label: string, placeholder: string, required = false): FieldDef => ({
  id: 'description',
  type: 'textarea',
  label,
  placeholder,
  maxlength: 1000,
  ...(required ? { isRequired: true, minlength: 10 } : {}),
  charsCounter: true,
  qualityBar: true,
  priority: 2,
});

/** A yes/no checkbox; `trader`: shown to traders only (true) or private publishers only (false). */
export const checkbox = (id: string, label: string, brief: string, priority: number, trader?: boolean): FieldDef => ({
  id,
  type: 'checkbox',
  label,
  acceptedValues: '0,1',
  priority,
  accordionBrief: { value: brief },
  ...(trader === undefined ? {} : { isTraderRequest: trader }),
});

export const saleStep = (fields: FieldDef[], title = 'מחיר ותיאור'): StepDef => ({
  area: 'personal_publish_sales_properties',
  title,
  subTitle: 'תיאור טוב ומחיר הוגן מביאים יותר פניות',
  stepGroup: 'fillDetails',
  check: true,
  showNavButtons: true,
  showBackButton: true,
  accordionBrief: { separator: ' · ' },
  fields,
});

/**
 * The plan step: no catalogue fields and nothing to check; its screen (the tracks or packages, and the payment)
 * comes with the save's answer.
 */
export const planStep = (): StepDef => ({
  area: 'personal_publish_payment_choose',
  title: 'בחירת מסלול',
  stepGroup: 'choosePlan',
  check: false,
  showNavButtons: true,
  showBackButton: true,
  fields: [],
});

/** The steps after the ad details: media, login, plan. */
/** Vehicles and real estate: up to 10 photos and a video (spec §2), contact, plan. */
export const closingSteps = (): StepDef[] => [mediaStep({ images: 10, video: true }), loginStep(), planStep()];

/**
 * What a vehicle ad is, locked in edit (the other fields stay the owner's to change): the sub-category, and the
 * vehicle itself as the licence search or the manual choice found it (make, model, year, sub-model), so a published
 * (and paid) ad never becomes an ad for another vehicle.
 */
export const VEHICLE_LOCKED = ['subcat', 'manufacturer', 'model', 'year'];

export { editLoginStep, loginStep };
