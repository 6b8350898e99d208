/**
 * The sample licence-plate registry (the local stand-in for data.gov.il's vehicle registry): each raw row of
 * plates-data.ts joined to the catalogue into a record in the registry's naming style, plus a few well-known plates
 * for tests.
 */
import { COLOR_BY_ID, MANUFACTURER_BY_ID, MODEL_BY_ID, SUB_MODEL_BY_ID, SUB_MODELS_BY_MODEL } from './indexes.ts';
import { PLATE_ROWS, type PlateRow } from './plates-data.ts';
import type { EngineType, PlateRecord, PlateSubcat } from './types.ts';

/** Plates of the sample registry that tests and demos can rely on. */
export const SAMPLE_PLATES = {
  /** טויוטה קורולה 2021, 1.8 היברידי Comfort, לבן שנהב, פרטי, יד ראשונה (8 digits, type 1). */
  privateCar: '37497104',
  /** טויוטה היילקס 2019, 2.4 דיזל דאבל קבינה אוטו', לבן, חברה, יד שנייה, licence expired 2026-04-02 (type 2: commercial). */
  commercial: '25437928',
  /** יונדאי טוסון 2022, 1.6 היברידי Supreme, אפור מטלי, פרטי, יד ראשונה (type 3: jeep). */
  jeep: '44740651',
  /** מאזדה 3 2012, 2.0 Spirit, כסף מטלי, פרטי, יד שלישית (7 digits: made before 2017). */
  oldPrivateCar: '7675153',
  /** Well-formed but not in the registry (GET car-data-gov answers 404). */
  unknown: '12345678',
} as const;

/** The registry's sug_delek_nm for an engine type: plain hybrids are registered as petrol. */
const FUEL: Readonly<Record<EngineType, string>> = {
  בנזין: 'בנזין',
  דיזל: 'דיזל',
  היברידי: 'בנזין',
  חשמלי: 'חשמל',
  'היברידי נטען': 'חשמל/בנזין',
  'גפ"מ': 'גפ"מ/בנזין',
};

const isPlateSubcat = (subcat: number): subcat is PlateSubcat => subcat === 1 || subcat === 2 || subcat === 3;

function toRecord(row: PlateRow): PlateRecord {
  const [mispar_rechev, subModelId, shnat_yitzur, colorId, moed_aliya_lakvish, tokef_dt, baalut, carHand, degem_nm] =
    row;
  const subModel = SUB_MODEL_BY_ID.get(subModelId);
  const model = subModel && MODEL_BY_ID.get(subModel.modelId);
  const make = model && MANUFACTURER_BY_ID.get(model.manufacturerId);
  const color = COLOR_BY_ID.get(colorId);
  if (!subModel || !model || !make || !color || !isPlateSubcat(model.subcat)) {
    throw new Error(
      `plate ${mispar_rechev}: sub-model ${subModelId} or colour ${colorId} is not a car in the catalogue`,
    );
  }
  const fuelOnlyElectric = (SUB_MODELS_BY_MODEL.get(model.id) ?? []).every((s) => s.engineType === 'חשמלי');
  const suffix =
    subModel.engineType === 'היברידי'
      ? ' HYBRID'
      : subModel.engineType === 'היברידי נטען'
        ? ' PHEV'
        : subModel.engineType === 'חשמלי' && !fuelOnlyElectric
          ? ' EV'
          : '';
  return {
    mispar_rechev,
    tozeret_cd: make.registryCode,
    tozeret_nm: make.registryName,
    sug_degem: model.subcat === 2 ? 'M' : 'P',
    degem_nm,
    kinuy_mishari: `${model.nameEn}${suffix}`,
    shnat_yitzur,
    sug_delek_nm: FUEL[subModel.engineType],
    tzeva_rechev: color.text,
    moed_aliya_lakvish,
    tokef_dt,
    baalut,
    manufacturerId: make.id,
    modelId: model.id,
    subModelId,
    colorId,
    subcat: model.subcat,
    carHand,
  };
}

export const PLATES: readonly PlateRecord[] = PLATE_ROWS.map(toRecord);
