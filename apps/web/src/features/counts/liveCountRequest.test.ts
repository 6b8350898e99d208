import { describe, expect, it } from 'vitest';
import { liveCountRequest } from './liveCountRequest.ts';

const values = (v: Record<string, string>) => (id: string) => v[id];
const home = { city: '5000', neighborhood: '6590', HomeTypeID: '1', price: '3,450,000' };
const car = { manufacturer: '19', model: '10', year: '2021' };

describe('liveCountRequest: which count a step shows', () => {
  it.each([
    [
      { cat: '2', subcat: '1' },
      1,
      home,
      'homes',
      'area',
      '/api/publish/real-estate-count/sale?cityId=5000&hoodId=6590',
    ],
    [
      { cat: '2', subcat: '2' },
      2,
      home,
      'homes',
      'type',
      '/api/publish/real-estate-count/rent?cityId=5000&hoodId=6590&homeTypeId=1',
    ],
    [
      { cat: '2', subcat: '1' },
      3,
      home,
      'homes',
      'price',
      '/api/publish/real-estate-count/sale?cityId=5000&hoodId=6590&homeTypeId=1&price=3450000',
    ],
    [
      { cat: '1', subcat: '1' },
      1,
      car,
      'cars',
      false,
      '/api/publish/glimpse?cat_id=1&subcat_id=1&type=cars&car_step=model&car_manufacturer=19&car_model=10',
    ],
    [
      { cat: '1', subcat: '3' },
      3,
      car,
      'cars',
      true,
      '/api/publish/glimpse?cat_id=1&subcat_id=3&type=cars&car_step=area&car_manufacturer=19&car_model=10&car_year=2021',
    ],
  ] as const)('%j step %i', (selectors, step, v, kind, by, url) => {
    const line = liveCountRequest(selectors, step, values(v));
    expect(line?.kind).toBe(kind);
    expect(line && ('by' in line ? line.by : line.byYear)).toBe(by);
    expect(line?.url).toBe(url);
  });

  it.each([
    [{ cat: '2', subcat: '1' }, 4, home],
    [{ cat: '2', subcat: '4' }, 1, home],
    [{ cat: '2', subcat: '1' }, 1, { ...home, city: '' }],
    [{ cat: '1', subcat: '1' }, 2, car],
    [{ cat: '1', subcat: '4' }, 1, car],
    [{ cat: '1', subcat: '1' }, 1, { ...car, model: '-1' }],
    [{ cat: '3', subcat: '0' }, 1, home],
  ] as const)('none for %j step %i', (selectors, step, v) => {
    expect(liveCountRequest(selectors, step, values(v))).toBeNull();
  });
});
