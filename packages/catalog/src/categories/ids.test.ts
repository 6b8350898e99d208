import { describe, expect, it } from 'vitest';
import { PICKERS } from '../pickers.ts';
import { CAT, SALES_CAT, SUBCAT } from './ids.ts';

/** The sub-category picker's entry (its title) that sets `subcat` in the category `cat`. */
const pickerTitle = (cat: number, subcat: number): string | undefined =>
  PICKERS.find((p) => p.cat === cat && p.selector === 'subcat' && !p.when)?.entries.find(
    (e) => e.params.subcat === String(subcat) && (e.params.SalesCatID ?? '0') === '0',
  )?.title;

describe('the category ids by name', () => {
  it('name the sub-categories the pickers offer under those names', () => {
    expect({
      vehiclesPrivate: pickerTitle(CAT.vehicles, SUBCAT.vehiclesPrivate),
      vehiclesCommercial: pickerTitle(CAT.vehicles, SUBCAT.vehiclesCommercial),
      vehiclesJeeps: pickerTitle(CAT.vehicles, SUBCAT.vehiclesJeeps),
      vehiclesMotorcycles: pickerTitle(CAT.vehicles, SUBCAT.vehiclesMotorcycles),
      realEstateSale: pickerTitle(CAT.realEstate, SUBCAT.realEstateSale),
      realEstateRent: pickerTitle(CAT.realEstate, SUBCAT.realEstateRent),
      realEstateCommercial: pickerTitle(CAT.realEstate, SUBCAT.realEstateCommercial),
      secondHandBusiness: pickerTitle(CAT.secondHand, SUBCAT.secondHandBusiness),
    }).toEqual({
      vehiclesPrivate: 'פרטי',
      vehiclesCommercial: 'מסחרי',
      vehiclesJeeps: "ג'יפים",
      vehiclesMotorcycles: 'אופנועים',
      realEstateSale: 'מכירה',
      realEstateRent: 'השכרה',
      realEstateCommercial: 'מסחרי',
      secondHandBusiness: 'חנות יד שנייה',
    });
  });

  it('name the business-for-sale section the second-hand picker opens', () => {
    const entry = PICKERS.find((p) => p.id === 'secondHand')?.entries.find((e) => e.id === 'businessForSale');
    expect(entry?.params).toEqual({
      subcat: String(SUBCAT.secondHandBusiness),
      SalesCatID: String(SALES_CAT.businessForSale),
    });
  });
});
