import { describe, expect, it } from 'vitest';
import { findPlate, plateRecord } from './lookup.ts';
import { SAMPLE_PLATES } from './plates.ts';
import { mapRegistryVehicle, type RegistryVehicle } from './registry-map.ts';

/** A registry record as data.gov.il gives it, for a plate of the sample registry. */
function asRegistry(plate: string): RegistryVehicle {
  const r = plateRecord(plate);
  if (!r) throw new Error(`no sample plate ${plate}`);
  return {
    mispar_rechev: r.mispar_rechev,
    tozeret_cd: r.tozeret_cd,
    tozeret_nm: r.tozeret_nm,
    degem_nm: r.degem_nm,
    kinuy_mishari: r.kinuy_mishari,
    shnat_yitzur: r.shnat_yitzur,
    tzeva_rechev: r.tzeva_rechev,
    sug_delek_nm: r.sug_delek_nm,
    baalut: r.baalut,
    moed_aliya_lakvish: r.moed_aliya_lakvish,
    tokef_dt: `${r.tokef_dt}T00:00:00`,
  };
}

describe('a registry record mapped onto the catalogue', () => {
  it('finds the make, model, year, trim and colour the sample registry records, but no hand', () => {
    for (const plate of [SAMPLE_PLATES.privateCar, SAMPLE_PLATES.commercial, SAMPLE_PLATES.jeep]) {
      const mapped = mapRegistryVehicle(asRegistry(plate));
      expect(mapped).toEqual({ ...findPlate(plate), carHand: 0 });
    }
  });

  it('leaves the trim for the user when the model code is unknown and the year has several of that fuel', () => {
    const v = { ...asRegistry(SAMPLE_PLATES.privateCar), degem_nm: 'UNKNOWN1' };
    const mapped = mapRegistryVehicle(v);
    expect(mapped?.modelId).toBe(findPlate(SAMPLE_PLATES.privateCar)?.modelId);
    expect(mapped?.subModelId).toBe(0);
    expect(mapped?.subModelTitle).toBe('');
  });

  it('answers null for a model the catalogue does not have, and for an unknown make', () => {
    expect(
      mapRegistryVehicle({ ...asRegistry(SAMPLE_PLATES.privateCar), kinuy_mishari: 'LAND CRUISER 300' }),
    ).toBeNull();
    expect(
      mapRegistryVehicle({ ...asRegistry(SAMPLE_PLATES.privateCar), tozeret_cd: 99999, tozeret_nm: 'לא ידוע סין' }),
    ).toBeNull();
  });

  it('leaves a colour the catalogue does not know at 0', () => {
    const mapped = mapRegistryVehicle({ ...asRegistry(SAMPLE_PLATES.privateCar), tzeva_rechev: 'סגול חציל' });
    expect(mapped?.yad2CarColorID).toBe(0);
    expect(mapped?.yad2CarColorGroupID).toBe(0);
  });
});
