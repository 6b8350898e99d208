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

/**
 * A complete, valid ad of every vehicle kind other than the private car (catalogue sub-categories of cat 1), each
 * with the makes and models of the registry (the first of each kind): what save-ad accepts as is. `title` is the
 * make and model the car sign shows, when the kind has them.
 */
export function validVehicleAds(): { name: string; subcat: string; title?: string; values: Record<string, string> }[] {
  const car = validCarAd();
  const common = {
    colorGroup: car.colorGroup,
    color: car.color,
    hand: '2',
    ownerID: '1',
    month: '3',
    km: '45000',
    price: '85000',
    description: 'שמור מאוד, טיפולים במוסך מורשה',
  };
  return [
    {
      name: 'commercial-vehicle',
      subcat: '2',
      title: 'אופל קומבו',
      values: { manufacturer: '23', model: '2305', year: '2021', subModel: '230503', ...common, yearOnRoad: '2021' },
    },
    {
      name: 'motorcycle',
      subcat: '4',
      title: 'ב.מ.וו F 900 R',
      values: { manufacturer: '17', model: '1710', year: '2021', ...common, yearOnRoad: '2021', engineVolume: '650' },
    },
    {
      name: 'scooter',
      subcat: '5',
      title: 'ב.מ.וו C 400 X',
      values: { manufacturer: '17', model: '1711', year: '2021', ...common, yearOnRoad: '2021', engineVolume: '125' },
    },
    {
      name: 'special-vehicle',
      subcat: '6',
      title: 'בובקט S450',
      values: {
        specialType: '1',
        manufacturer: '59',
        model: '5901',
        year: '2018',
        hand: '2',
        engineHours: '3200',
        km: '12000',
        price: '180000',
        description: 'טרקטור עבודה במצב מצוין',
      },
    },
    {
      name: 'vehicle-accessory',
      subcat: '7',
      values: {
        productType: '2',
        productCondition: '2',
        description: 'ארבעה ג׳אנטים 17 אינץ׳ עם צמיגים במצב טוב',
        price: '2400',
      },
    },
    {
      name: 'truck',
      subcat: '9',
      title: 'איווקו דיילי',
      values: { manufacturer: '53', model: '5301', year: '2019', ...common, yearOnRoad: '2019', weightClass: '1' },
    },
    {
      name: 'boat',
      subcat: '13',
      // A boat has a make and no model: the car sign is titled by the make.
      title: 'ביילינר',
      values: {
        boatType: '1',
        manufacturer: '55',
        year: '2015',
        length: '6.5',
        engineType: '1',
        enginePower: '150',
        hand: '2',
        price: '120000',
        description: 'סירת מנוע שמורה עם עגלה',
      },
    },
  ];
}
