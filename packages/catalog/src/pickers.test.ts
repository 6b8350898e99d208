import { describe, expect, it } from 'vitest';
import { CHOOSER_MORE, CHOOSER_ROWS, CHOOSER_TILES } from './chooser.ts';
import { activeEntry, isChoiceMissing, PICKERS, pickerForCategory, type QueryReader } from './pickers.ts';

/** A query string as a reader (the package has no DOM or Node types, so no URLSearchParams). */
const q = (query: string): QueryReader => {
  const values = new Map(query.split('&').map((pair) => pair.split('=') as [string, string]));
  return { get: (name) => values.get(name) ?? null };
};

describe('pickerForCategory', () => {
  it.each([
    ['cat=1', 'vehicles'],
    ['cat=2&subcat=4', 'realEstate'],
    ['cat=3', 'secondHand'],
    ['cat=3&subcat=0&SalesCatID=11', 'secondHand'],
    ['cat=3&subcat=0&SalesCatID=18', 'fashion'],
    ['cat=5', 'pets'],
    ['cat=6', 'studies'],
    ['cat=10', 'tourism'],
    ['cat=14', 'householdWorkers'],
  ])('%s -> %s', (query, id) => {
    expect(pickerForCategory(q(query))?.id).toBe(id);
  });

  it('has no picker for a category without one', () => {
    expect(pickerForCategory(q('cat=100'))).toBeUndefined();
    expect(pickerForCategory(q(''))).toBeUndefined();
  });
});

describe('isChoiceMissing / activeEntry', () => {
  it('fashion waits for SalesSubCatID even though subcat is set', () => {
    const picker = pickerForCategory(q('cat=3&subcat=0&SalesCatID=18'));
    expect(picker && isChoiceMissing(picker, q('cat=3&subcat=0&SalesCatID=18'))).toBe(true);
    const chosen = q('cat=3&subcat=0&SalesCatID=18&SalesSubCatID=1030');
    expect(picker && activeEntry(picker, chosen)?.title).toBe('נעליים');
  });

  it('second-hand entries match on subcat and SalesCatID together', () => {
    const picker = PICKERS.find((p) => p.id === 'secondHand');
    expect(picker && activeEntry(picker, q('cat=3&subcat=2&SalesCatID=37'))?.id).toBe('businessForSale');
    expect(picker && activeEntry(picker, q('cat=3&subcat=2&SalesCatID=0'))?.id).toBe('secondHandShop');
    expect(picker && activeEntry(picker, q('cat=3&subcat=0&SalesCatID=11'))?.id).toBe('babyAndChild');
    expect(picker && activeEntry(picker, q('cat=3&subcat=0&SalesCatID=0'))?.id).toBe('general');
  });

  it('uses the spec ids', () => {
    const values = (id: string) =>
      PICKERS.find((p) => p.id === id)?.entries.map((e) => Number(Object.values(e.params)[0]));
    expect(values('vehicles')).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 13]);
    expect(values('realEstate')).toEqual([1, 2, 4]);
    expect(values('pets')).toEqual([1, 2, 3, 5, 8, 10, 13, 20, 21, 22]);
    expect(values('fashion')).toEqual([1026, 1036, 1030, 1033, 1034, 1031, 1035, 1032, 1042, 1055, 151]);
    expect(values('householdWorkers')).toEqual([1, 2, 3, 4]);
    expect(values('studies')).toEqual([1, 2, 3]);
    expect(values('tourism')).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('chooser tiles', () => {
  it('has the three rows of the spec', () => {
    expect(CHOOSER_ROWS.map((row) => row.map((t) => t.id))).toEqual([
      ['realEstate', 'vehicles', 'secondHand'],
      ['businessForSale', 'professionals', 'commercialRealEstate', 'jobs'],
      ['furniture', 'fashion', 'pets', 'babyAndChild', 'cellular'],
    ]);
    expect(new Set(CHOOSER_TILES.map((t) => t.id)).size).toBe(CHOOSER_TILES.length);
  });

  it('offers the categories the rows leave out (household workers, studies, tourism), each opening its picker', () => {
    expect(CHOOSER_MORE.map((t) => t.id)).toEqual(['householdWorkers', 'studies', 'tourism']);
    for (const tile of CHOOSER_MORE) {
      if (tile.target.kind !== 'publish') throw new Error(`${tile.id} must stay in the product`);
      const params = tile.target.params;
      const picker = pickerForCategory({ get: (name) => params[name] ?? null });
      expect(picker?.id).toBe(tile.id);
      expect(tile.title).toBe(picker?.title);
    }
    // Every category with a picker can be reached from the chooser.
    const reachable = new Set(
      CHOOSER_TILES.flatMap((t) => {
        if (t.target.kind === 'publish') return [t.target.params.cat];
        if (t.target.kind === 'adType' && t.target.privateTarget.kind === 'publish') {
          return [t.target.privateTarget.params.cat];
        }
        return [];
      }),
    );
    for (const picker of PICKERS) expect(reachable).toContain(String(picker.cat));
  });

  it('sends vehicle traders to the partner or the promotion link by subcat', () => {
    const vehicles = CHOOSER_TILES.find((t) => t.id === 'vehicles')?.target;
    if (vehicles?.kind !== 'adType') throw new Error('vehicles tile must open the ad-type popup');
    const keys = vehicles.business.entries.map((e) =>
      e.target.kind === 'external' ? `${e.target.params?.subcat}:${e.target.linkKey}` : 'internal',
    );
    expect(keys).toEqual([
      '1:vehiclePartner',
      '2:vehiclePartner',
      '3:vehiclePartner',
      '4:vehiclePromotion',
      '5:vehiclePromotion',
      '6:vehiclePartner',
      '7:vehiclePromotion',
      '9:vehiclePartner',
      '13:vehiclePartner',
    ]);
  });

  it('reloads the whole page for business for sale', () => {
    const target = CHOOSER_TILES.find((t) => t.id === 'businessForSale')?.target;
    expect(target).toEqual({
      kind: 'publish',
      params: { cat: '3', subcat: '2', SalesCatID: '37', step: '1' },
      fullReload: true,
    });
  });
});
