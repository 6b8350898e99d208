/** Complete, valid real-estate ads on real addresses (official codes): Dizengoff 50, Tel Aviv - Yafo. */
export const TEL_AVIV = '5000';
export const JERUSALEM = '3000';
export const DIZENGOFF = '404';
/** הצפון הישן, a neighbourhood of Tel Aviv. */
export const OLD_NORTH = '6590';

export function validSaleAd(): Record<string, string> {
  return {
    cat: '2',
    subcat: '1',
    HomeTypeID: '1',
    propertyCondition: '4',
    city: TEL_AVIV,
    street: DIZENGOFF,
    homeNumber: '50',
    entrance: '2',
    neighborhood: OLD_NORTH,
    floor: '3',
    totalFloors: '5',
    onPillars: '1',
    rooms: '3.5',
    parking: '1',
    balconies: '1',
    airConditioning: '1',
    mamad: '1',
    elevator: '1',
    description: 'דירה מוארת ומשופצת, שלוש דקות מכיכר דיזנגוף',
    sqmBuilt: '85',
    price: '3,450,000',
    nominalPrice: '1',
    houseCommittee: '250',
    arnona: '700',
    entranceDate: '01/03/2027',
  };
}

export function validRentAd(): Record<string, string> {
  const { price: _p, nominalPrice: _n, ...sale } = validSaleAd();
  return { ...sale, subcat: '2', rentType: '1', price: '7,200', paymentInYear: '12', furnished: '1' };
}

/** An office for sale on a Tel Aviv street (commercial real estate, subcat 4). */
export function validCommercialAd(): Record<string, string> {
  return {
    ...validSaleAd(),
    subcat: '4',
    DealType: '1',
    HomeTypeID: '20',
    street: '1040',
    homeNumber: '12',
    neighborhood: '-1',
    floor: '7',
    sqmBuilt: '120',
    price: '2,900,000',
  };
}
