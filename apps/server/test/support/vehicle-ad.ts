import { findPlate } from '@app/catalog/vehicles/lookup';
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';

/** A complete, valid private-car ad built from a sample plate of the registry. */
export function validCarAd() {
  const p = findPlate(SAMPLE_PLATES.privateCar);
  if (!p) throw new Error('sample plate missing');
  return {
    cat: '1',
    subcat: '1',
    manufacturer: String(p.manufacturerId),
    model: String(p.modelId),
    year: String(p.carYear),
    subModel: String(p.subModelId),
    colorGroup: String(p.yad2CarColorGroupID),
    color: String(p.yad2CarColorID),
    hand: '1',
    ownerID: '1',
    month: '3',
    yearOnRoad: '2022',
    km: '45,000',
    testDate: '01/05/2027',
    price: '85,000',
    description: 'קורולה היברידית שמורה, טיפולים במוסך מורשה',
  };
}

export const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
