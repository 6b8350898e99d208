import { subModelsOf } from '@app/catalog/vehicles/lookup';
import type { CarSubModelsResponse } from '@app/contract/publish';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { q, validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
/** The owner's contact step, with a number the owner verified. */
let contact: ContactValues;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  ({ contact } = await registerWithPhone(t, owner));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/publish/fields', () => {
  it('serves the vehicle steps with the fields response shape', async () => {
    const res = await owner.get('/api/publish/fields?cat=1&subcat=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      catalogId: expect.any(String),
      cat: 1,
      subcat: 1,
      publishRedirects: [],
      // A private car: the car-insurance campaign and the Toyota one, shown for a Toyota (catalogue/campaigns.ts).
      publishCampaigns: [
        expect.objectContaining({ id: 'car-insurance' }),
        expect.objectContaining({ id: 'toyota-check', conditions: { manufacturer: '1' } }),
      ],
    });
    expect(body.fields.map((s: { area: string }) => s.area)).toEqual(
      expect.arrayContaining([
        'personal_publish_car_type',
        'personal_publish_car_properties',
        'personal_publish_login',
      ]),
    );
  });

  it('is sent gzipped to clients that accept it, from a body built once', async () => {
    const zipped = await t.app.inject({
      url: '/api/publish/fields?cat=1&subcat=1',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    const plain = (await owner.get('/api/publish/fields?cat=1&subcat=1')).body;
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain);
  });

  it('a single area with area=', async () => {
    const body = (await owner.get('/api/publish/fields?cat=1&subcat=1&area=personal_publish_car_type')).json();
    expect(body.fields).toHaveLength(1);
    expect(body.fields[0].area).toBe('personal_publish_car_type');
  });

  it('404 for a selection without a catalogue (category-only selections fetch nothing)', async () => {
    expect((await owner.get('/api/publish/fields?cat=1')).statusCode).toBe(404);
    expect((await owner.get('/api/publish/fields?cat=77&subcat=1')).statusCode).toBe(404);
  });
});

describe('check-step', () => {
  it('needs login: 422', async () => {
    const res = await new Agent(t.app).get(
      `/api/publish/check-step?${q({ cat: '1', subcat: '1', check_area: 'personal_publish_car_type' })}`,
    );
    expect(res.statusCode).toBe(422);
  });

  it('500 with errFields in Hebrew for a missing required field, 200 when valid', async () => {
    const bad = await owner.get(
      `/api/publish/check-step?${q({ cat: '1', subcat: '1', check_area: 'personal_publish_car_type' })}`,
    );
    expect(bad.statusCode).toBe(500);
    expect(bad.json().errFields.manufacturer).toBe('שדה חובה');
    const { cat, subcat, manufacturer, model, year, subModel } = validCarAd();
    const ok = await owner.get(
      `/api/publish/check-step?${q({ cat, subcat, manufacturer, model, year, subModel, check_area: 'personal_publish_car_type' })}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ errors: null });
  });

  it('refuses a model that does not belong to the chosen make', async () => {
    const ad = validCarAd();
    const res = await owner.get(
      `/api/publish/check-step?${q({ ...ad, manufacturer: '2', check_area: 'personal_publish_car_type' })}`,
    );
    expect(res.statusCode).toBe(500);
    expect(res.json().errFields.model).toBe('ערך לא תקין');
  });
});

describe('save-ad', () => {
  it('stores a draft ad with the definition fields only; an injected field is ignored', async () => {
    const res = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contact,
      isAdmin: '1',
      status: 'active',
      CustID: '1',
    });
    expect(res.statusCode).toBe(200);
    const { orderID, recordID } = res.json();
    expect(orderID).toBeGreaterThan(0);
    expect(recordID).toBeGreaterThan(0);
    const [row] = await t.db.query<{ status: string; field_values: Record<string, unknown> }>(
      'SELECT status, field_values FROM ads WHERE id = $1',
      [orderID],
    );
    expect(row?.status).toBe('draft');
    expect(row?.field_values).toMatchObject({
      manufacturer: validCarAd().manufacturer,
      km: '45000',
      price: '85000',
      ...contact,
    });
    expect(row?.field_values).not.toHaveProperty('isAdmin');
    expect(row?.field_values).not.toHaveProperty('status');
    expect(row?.field_values).not.toHaveProperty('CustID');
  });

  it('an option that does not belong to its parent is refused with a field error and nothing is stored', async () => {
    const before = await t.db.query('SELECT id FROM ads');
    const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact, subModel: '999999' });
    expect(res.json()).toEqual({ errFields: { subModel: 'ערך לא תקין' } });
    expect(await t.db.query('SELECT id FROM ads')).toHaveLength(before.length);
  });

  it('the same idempotency key returns the same ad', async () => {
    const first = (
      await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact, idempotencyKey: 'retry-1' })
    ).json();
    const again = (
      await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact, idempotencyKey: 'retry-1' })
    ).json();
    expect(again.orderID).toBe(first.orderID);
  });

  it('publishing again with the OrderID of the own saved draft updates it instead of adding an ad', async () => {
    const first = (await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact })).json();
    const count = (await t.db.query('SELECT id FROM ads')).length;
    const again = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contact,
      price: '83,000',
      OrderID: String(first.orderID),
    });
    expect(again.json()).toMatchObject({ orderID: first.orderID, recordID: first.recordID });
    expect(await t.db.query('SELECT id FROM ads')).toHaveLength(count);
    const [row] = await t.db.query<{ field_values: Record<string, string> }>(
      'SELECT field_values FROM ads WHERE id = $1',
      [first.orderID],
    );
    expect(row?.field_values.price).toBe('83000');
    // Someone else's OrderID changes nothing.
    const stranger = new Agent(t.app, '10.9.9.8');
    const strangers = await registerWithPhone(t, stranger);
    const attack = await stranger.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...strangers.contact,
      price: '1',
      OrderID: String(first.orderID),
    });
    expect(attack.statusCode).toBe(404);
    const [after] = await t.db.query<{ field_values: Record<string, string> }>(
      'SELECT field_values FROM ads WHERE id = $1',
      [first.orderID],
    );
    expect(after?.field_values.price).toBe('83000');
  });

  it('blocked words: the ad is kept aside and the answer carries hasWordBlocked', async () => {
    const res = (
      await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact, description: 'מוכר גם אקדח' })
    ).json();
    expect(res.hasWordBlocked).toMatchObject({ CatID: 1, SubCatID: 1 });
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [
      res.hasWordBlockedOrderID,
    ]);
    expect(row?.status).toBe('blocked');
  });
});

describe('edit: the owner only', () => {
  it('the owner changes the price; another account gets 404 and the ad is unchanged', async () => {
    const { orderID } = (await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact })).json();
    const edit = await owner.get(`/api/publish/fields/${orderID}`);
    expect(edit.statusCode).toBe(200);
    expect(edit.json().values).toMatchObject({ price: '85000' });
    expect(edit.json().fields.map((s: { area: string }) => s.area)).toEqual([
      'personal_edit_car_properties',
      'personal_edit_sales_properties',
      'personal_edit_media',
      'personal_edit_login',
    ]);

    const saved = await owner.post(`/api/publish/save-ad/${orderID}`, {
      ...validCarAd(),
      ...contact,
      price: '79,000',
      km: '46,000',
      description: 'ירד מחיר',
    });
    expect(saved.json()).toMatchObject({ orderID });

    const stranger = new Agent(t.app, '10.9.9.9');
    await register(stranger);
    expect((await stranger.get(`/api/publish/fields/${orderID}`)).statusCode).toBe(404);
    const attack = await stranger.post(`/api/publish/save-ad/${orderID}`, { ...contact, price: '1', km: '1' });
    expect(attack.statusCode).toBe(404);
    const [row] = await t.db.query<{ field_values: Record<string, string> }>(
      'SELECT field_values FROM ads WHERE id = $1',
      [orderID],
    );
    expect(row?.field_values.price).toBe('79000');
    expect(row?.field_values.manufacturer).toBe(validCarAd().manufacturer);
  });
});

describe('the server-side draft', () => {
  it('keeps the definition fields of each passed step; reset-ad starts over', async () => {
    const agent = new Agent(t.app);
    await register(agent);
    const sel = { cat: '1', subcat: '1' };
    expect((await agent.get(`/api/publish/draft?${q(sel)}`)).json()).toMatchObject({ values: {}, lastValidStep: 0 });
    await agent.post('/api/publish/draft', {
      ...sel,
      lastValidStep: 2,
      values: { manufacturer: '1', model: '101', junk: 'x', price: { nested: 1 } },
    });
    const draft = (await agent.get(`/api/publish/draft?${q(sel)}`)).json();
    expect(draft).toMatchObject({ lastValidStep: 2, values: { manufacturer: '1', model: '101' } });
    expect(draft.values).not.toHaveProperty('junk');
    expect(draft.values).not.toHaveProperty('price');
    // Another customer sees nothing of it.
    expect((await owner.get(`/api/publish/draft?${q(sel)}`)).json().values).toEqual({});
    await agent.get(`/api/publish/reset-ad?${q(sel)}`);
    expect((await agent.get(`/api/publish/draft?${q(sel)}`)).json().values).toEqual({});
  });
});

describe('option lists, sub-models and the licence-plate gateway', () => {
  it('dependent lists answer from the parents', async () => {
    const ad = validCarAd();
    const models = (
      await owner.get(`/api/publish/options/vehicle-models?manufacturer=${ad.manufacturer}&subcat=1`)
    ).json();
    expect(models.data.map((o: { value: string }) => o.value)).toContain(ad.model);
    const colors = (await owner.get('/api/publish/options/vehicle-color-groups')).json();
    expect(colors.data[0]).toHaveProperty('CarColorGroupHEX');
    expect((await owner.get('/api/publish/options/no-such-list')).statusCode).toBe(404);
  });

  it("sub-models 5 at a time, as the spec's array: the list first, the aggregates second", async () => {
    const ad = validCarAd();
    const subModels = async (model: string, year: string, offset: number) => {
      const res = await owner.post('/api/publish/get-car-submodels', { model, year, offset });
      expect(res.statusCode).toBe(200);
      const body = res.json() as CarSubModelsResponse;
      expect(Array.isArray(body)).toBe(true);
      expect(body).toHaveLength(2);
      return body;
    };
    const [list, aggregates] = await subModels(ad.model, ad.year, 0);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(5);
    expect(list[0]).toHaveProperty('SubSubModelID');
    expect(aggregates.offset).toBe(0);
    expect(aggregates.hasMore).toBe(aggregates.total > 5);
    // The aggregates count the whole list, not only this page.
    for (const counts of [aggregates.gearBox, aggregates.engineType, aggregates.numDoors]) {
      expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(aggregates.total);
    }
    // Paging on to the end lists every sub-model once.
    const seen = [...list];
    let more = aggregates.hasMore;
    while (more) {
      const offset = seen.length;
      const [next, figures] = await subModels(ad.model, ad.year, offset);
      expect(figures.offset).toBe(offset);
      expect(figures.total).toBe(aggregates.total);
      seen.push(...next);
      more = figures.hasMore;
    }
    expect(new Set(seen.map((s) => s.SubSubModelID)).size).toBe(aggregates.total);
  });

  it('sub-model filters narrow the list and the aggregates; clearing them restores both', async () => {
    // A Tucson of 2022: six sub-models, automatic and robotised, petrol, hybrid and plug-in, 4X2 and 4X4.
    const car = { model: '206', year: '2022' };
    const all = subModelsOf(Number(car.model), Number(car.year));
    const call = async (filters: Record<string, unknown>, offset = 0) => {
      const res = await owner.post('/api/publish/get-car-submodels', { ...car, ...filters, offset });
      expect(res.statusCode).toBe(200);
      return res.json() as CarSubModelsResponse;
    };
    const [first, whole] = await call({});
    expect(whole.total).toBe(all.length);
    expect(whole.hasMore).toBe(true);
    expect(first).toHaveLength(5);
    expect(whole.gearBox.length).toBeGreaterThan(1);
    expect(whole.ignition.length).toBeGreaterThan(1);
    expect(whole.engineSize.reduce((sum, c) => sum + c.count, 0)).toBe(all.length);

    const gear = whole.gearBox[0]?.value ?? '';
    const geared = all.filter((s) => s.GearTitle === gear);
    const [list, figures] = await call({ gearBox: gear });
    expect(list.map((s) => s.SubSubModelID)).toEqual(geared.slice(0, 5).map((s) => s.SubSubModelID));
    expect(list.every((s) => s.GearTitle === gear)).toBe(true);
    expect(figures.total).toBe(geared.length);
    expect(figures.total).toBeLessThan(all.length);
    // The other filters count only what the gear box leaves; the gear box itself still offers every gear.
    for (const counts of [figures.engineType, figures.engineSize, figures.numDoors]) {
      expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(geared.length);
    }
    expect(figures.gearBox).toEqual(whole.gearBox);

    // Two filters together, numbers as numbers or as text.
    const drive = figures.ignition[0]?.value ?? '';
    const both = geared.filter((s) => s.Ignition === drive);
    const [narrow, few] = await call({ gearBox: gear, ignition: drive, engineSize: '' });
    expect(narrow.map((s) => s.SubSubModelID)).toEqual(both.slice(0, 5).map((s) => s.SubSubModelID));
    expect(few.total).toBe(both.length);
    const size = geared[0]?.EngineVolume ?? 0;
    const [bySize] = await call({ gearBox: gear, engineSize: size, numDoors: String(geared[0]?.Door) });
    expect(bySize.length).toBeGreaterThan(0);
    expect(bySize.every((s) => s.EngineVolume === size && s.GearTitle === gear)).toBe(true);

    // Cleared ('' or '-1', the wizard's "not chosen"): the whole list again.
    const [again, restored] = await call({ gearBox: '-1', engineType: '', numDoors: null });
    expect(again).toEqual(first);
    expect(restored).toEqual(whole);
    // A value no sub-model has leaves none, and the filters it is counted against still offer their values.
    const [none, nothing] = await call({ gearBox: 'גיר מדומה' });
    expect(none).toEqual([]);
    expect(nothing).toMatchObject({ total: 0, hasMore: false });
    expect(nothing.gearBox).toEqual(whole.gearBox);
  });

  it('refuses a sub-model filter that is not a value with a Hebrew 400, never a 500', async () => {
    for (const bad of [
      { gearBox: ['ידני', 'אוטומטי'] },
      { engineType: { $ne: '' } },
      { engineSize: '1.6' },
      { numDoors: 'חמש' },
      { ignition: 'x'.repeat(200) },
      { numDoors: true },
    ]) {
      const res = await owner.post('/api/publish/get-car-submodels', { model: '206', year: '2022', ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const [field] = Object.keys(bad);
      expect(res.json()).toEqual({
        status: 400,
        message: 'אחד מערכי הסינון של תתי הדגמים אינו תקין',
        errors: { [field as string]: 'אחד מערכי הסינון של תתי הדגמים אינו תקין' },
      });
    }
  });

  it('car-data-gov finds a sample plate in any formatting and answers 404 for an unknown one', async () => {
    const found = await owner.get('/gateway/car-data-gov?licensePlate=374-97-104');
    expect(found.statusCode).toBe(200);
    expect(found.json().data.data).toMatchObject({ carTitle: 'טויוטה קורולה', typeId: 1, carYear: 2021 });
    const missing = await owner.get('/gateway/car-data-gov?licensePlate=12345678');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('לא מצאנו את הדגם, בדקו את המספר ונסו שוב');
  });
});
