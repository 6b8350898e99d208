import { LOCALITIES_WITHOUT_STREETS } from '@app/catalog/realEstate/localitiesWithoutStreets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressData } from '../src/catalogue/address-data.ts';
import { listOptions } from '../src/catalogue/option-lists.ts';
import { seedReferenceData } from '../src/seed/reference-data.ts';
import { DIZENGOFF, JERUSALEM, TEL_AVIV } from './support/real-estate-ad.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  agent = new Agent(t.app);
});
afterAll(async () => {
  await t.close();
});

type Item = { value: string; text: string } & Record<string, unknown>;
const list = async (url: string): Promise<Item[]> => {
  const res = await agent.get(url);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const texts = (items: Item[]) => items.map((i) => i.text);
const enc = encodeURIComponent;

/** Street names of one city. */
const streetNames = (city: string) => new Set((addressData().streets.get(Number(city)) ?? []).map((s) => s.name));

describe('cities', () => {
  it('keyword search over locality names, best first, at most 20', async () => {
    const tlv = await list(`/api/publish/options/cities?keyword=${enc('תל אביב')}`);
    expect(tlv[0]).toMatchObject({ value: TEL_AVIV, text: 'תל אביב-יפו', AreaID: 5, hasStreet: 1, hasNeighborhood: 1 });
    expect((await list(`/api/publish/options/cities?keyword=${enc('ירוש')}`))[0]?.value).toBe(JERUSALEM);
    // The street list's spelling and the English name find it too.
    expect((await list(`/api/publish/options/cities?keyword=${enc('תל אביב - יפו')}`))[0]?.value).toBe(TEL_AVIV);
    expect((await list('/api/publish/options/cities?keyword=tel%20aviv'))[0]?.value).toBe(TEL_AVIV);
    // Prefix matches before contains matches; the biggest locality first among equals.
    const ramat = texts(await list(`/api/publish/options/cities?keyword=${enc('רמת')}`));
    expect(ramat[0]).toBe('רמת גן');
    expect(ramat.slice(0, 3).every((name) => name.startsWith('רמת'))).toBe(true);
    expect(await list(`/api/publish/options/cities?keyword=${enc('כפר')}`)).toHaveLength(20);
  });

  it('a keyword shorter than 2 characters finds nothing; no keyword is the whole list', async () => {
    expect(await list(`/api/publish/options/cities?keyword=${enc('ת')}`)).toEqual([]);
    const all = await list('/api/publish/options/cities');
    expect(all.length).toBe(addressData().localities.length);
    expect(all.length).toBeGreaterThan(1228);
  });
});

describe('streets', () => {
  it('Tel Aviv offers Dizengoff, and not a street that exists only in another city', async () => {
    const found = await list(`/api/publish/options/streets?city=${TEL_AVIV}&keyword=${enc('דיזנ')}`);
    expect(found[0]).toEqual({ value: DIZENGOFF, text: 'דיזנגוף' });

    const tlv = streetNames(TEL_AVIV);
    expect(tlv.has('עמק רפאים')).toBe(false);
    expect(streetNames(JERUSALEM).has('עמק רפאים')).toBe(true);
    expect(texts(await list(`/api/publish/options/streets?city=${TEL_AVIV}&keyword=${enc('עמק רפאים')}`))).toEqual([]);
    expect(texts(await list(`/api/publish/options/streets?city=${JERUSALEM}&keyword=${enc('עמק רפאים')}`))).toEqual([
      'עמק רפאים',
    ]);
    // Every suggestion is a street of the city asked for.
    for (const keyword of ['הר', 'בן', 'שד', 'רח']) {
      const items = await list(`/api/publish/options/streets?city=${TEL_AVIV}&keyword=${enc(keyword)}`);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(tlv.has(item.text)).toBe(true);
    }
  });

  it('neither the locality row (9000) nor neighbourhoods are streets; value= gives one option', async () => {
    const all = await list(`/api/publish/options/streets?city=${TEL_AVIV}`);
    expect(all.length).toBeGreaterThan(2000);
    expect(all.some((s) => s.value === '9000' || (Number(s.value) >= 6500 && Number(s.value) <= 6999))).toBe(false);
    expect(await list(`/api/publish/options/streets?city=${TEL_AVIV}&value=${DIZENGOFF}`)).toEqual([
      { value: DIZENGOFF, text: 'דיזנגוף' },
    ]);
    expect(await list(`/api/publish/options/streets?city=${TEL_AVIV}&value=99999`)).toEqual([]);
  });

  it('needs a city: 404 without one; an unknown city has no streets', async () => {
    expect((await agent.get('/api/publish/options/streets?keyword=abc')).statusCode).toBe(404);
    expect(await list('/api/publish/options/streets?city=424242&keyword=abc')).toEqual([]);
  });

  it('the server validates against the whole street list of the city (no keyword)', () => {
    const options = listOptions('streets', { city: TEL_AVIV }) ?? [];
    expect(options.length).toBe(streetNames(TEL_AVIV).size);
    expect(options.find((o) => o.value === DIZENGOFF)?.text).toBe('דיזנגוף');
  });
});

describe('neighborhoods', () => {
  it('come from the neighbourhood codes of the city, "שכ" written out', async () => {
    const tlv = await list(`/api/publish/options/neighborhoods?city=${TEL_AVIV}`);
    expect(texts(tlv)).toContain('הצפון הישן');
    expect(tlv.every((n) => Number(n.value) >= 6500 && Number(n.value) <= 6999)).toBe(true);
    const jerusalem = texts(await list(`/api/publish/options/neighborhoods?city=${JERUSALEM}`));
    expect(jerusalem).toContain('שכונת תלפיות');
    expect(jerusalem).not.toContain('שכ תלפיות');
  });
});

describe('the data behind the lists', () => {
  it("the catalogue's localities without streets are exactly the data's", () => {
    const data = addressData();
    const expected = data.localities
      .filter((l) => !data.streets.get(l.code)?.length)
      .map((l) => l.code)
      .sort((a, b) => a - b);
    if (JSON.stringify(expected) !== JSON.stringify(LOCALITIES_WITHOUT_STREETS)) {
      console.error(`LOCALITIES_WITHOUT_STREETS should be:\n${JSON.stringify(expected)}`);
    }
    expect([...LOCALITIES_WITHOUT_STREETS]).toEqual(expected);
  });

  it('is the data the localities and streets tables are seeded with', async () => {
    await seedReferenceData(t.db);
    const data = addressData();
    const [{ n: localities } = { n: 0 }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM localities');
    expect(data.localities.length).toBe(localities);
    const [{ n: streets } = { n: 0 }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM streets WHERE street_code <> 9000 AND street_code NOT BETWEEN 6500 AND 6999',
    );
    const inMemory = [...data.streets.values()].reduce((sum, s) => sum + s.length, 0);
    expect(inMemory).toBe(streets);
    const [tlv] = await t.db.query<{ name: string }>(
      'SELECT name FROM streets WHERE city_code = 5000 AND street_code = 404',
    );
    expect(tlv?.name).toBe('דיזנגוף');
  });
});
