/**
 * Edit mode's fields through the API (publish-wizard.md §2, edit mode): GET /api/publish/fields/{id} gives the owner
 * every field of the ad they may still change, with the ad's photos' step, and save-ad/{id} saves them; what the
 * catalogue locks (the kind of animal) keeps its saved value whatever the request says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: Agent;
let contact: ContactValues;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app, '10.4.0.1');
  ({ contact } = await registerWithPhone(t, owner));
});
afterAll(async () => {
  await t.close();
});

const dog = () => {
  const ad = CATEGORY_ADS.find((a) => a.catalogId === 'pets-dogs');
  if (!ad) throw new Error('no dog ad');
  return ad;
};

const storedValues = async (id: number) =>
  (await t.db.query<{ field_values: Record<string, unknown> }>('SELECT field_values FROM ads WHERE id = $1', [id]))[0]
    ?.field_values;

type Step = { area: string; title: string; fields: { id: string; cropper?: { total_images: number } }[] };

describe('edit of a dog ad', () => {
  it('has the breed, sex and area with the other pet properties, the photos and video, then the edit login', async () => {
    const ad = dog();
    const { orderID } = (
      await owner.post('/api/publish/save-ad', { ...ad.values, ...contact, ...ad.selectors })
    ).json();
    const res = await owner.get(`/api/publish/fields/${orderID}`);
    expect(res.statusCode).toBe(200);
    const steps = res.json().fields as Step[];
    expect(steps.map((s) => [s.area, s.fields.map((f) => f.id)])).toEqual([
      ['personal_edit_pet_properties', ['breed', 'adType', 'sex', 'age', 'price', 'area']],
      ['personal_edit_pet_more_properties', ['features', 'description']],
      ['personal_edit_media', ['images', 'video']],
      ['personal_edit_login', expect.arrayContaining(['contactName', 'validPhone1'])],
    ]);
    // Each step once, with its own title (the browser numbers them).
    expect(steps.map((s) => s.title)).toEqual(['פרטי הכלב', 'עוד פרטים', 'תמונות וסרטון', 'פרטי יצירת קשר וסיום']);
    expect(steps[2]?.fields[0]?.cropper?.total_images).toBe(10);
    expect(res.json().values).toMatchObject({ breed: '1001', sex: '2', area: '4' });
    expect(res.json().lockedValues).toEqual({ petType: '1' });
    // The ad's title names what the owner edits (the kind of animal is locked and shown nowhere else).
    expect(res.json().adTitle).toBe('לברדור רטריבר, נקבה');
  });

  it('saves a new breed, sex and area; the kind of animal stays a dog', async () => {
    const ad = dog();
    const { orderID } = (
      await owner.post('/api/publish/save-ad', { ...ad.values, ...contact, ...ad.selectors })
    ).json();
    const saved = await owner.post(`/api/publish/save-ad/${orderID}`, {
      ...ad.values,
      ...contact,
      breed: '1002',
      sex: '1',
      area: '2',
      petType: '2',
    });
    expect(saved.json()).toMatchObject({ orderID });
    expect(await storedValues(orderID)).toMatchObject({ breed: '1002', sex: '1', area: '2', petType: '1' });
    // Checked as when publishing: a cat's breed is no dog's, and the sex is required.
    const refused = await owner.post(`/api/publish/save-ad/${orderID}`, { ...ad.values, ...contact, breed: '2001' });
    expect(refused.json()).toEqual({ errFields: { breed: 'ערך לא תקין' } });
    const noSex = await owner.post(`/api/publish/save-ad/${orderID}`, { ...ad.values, ...contact, sex: '' });
    expect(noSex.json()).toEqual({ errFields: { sex: 'שדה חובה' } });
    expect(await storedValues(orderID)).toMatchObject({ breed: '1002', sex: '1' });
  });

  it('another account gets 404 for its edit fields', async () => {
    const ad = dog();
    const { orderID } = (
      await owner.post('/api/publish/save-ad', { ...ad.values, ...contact, ...ad.selectors })
    ).json();
    const stranger = new Agent(t.app, '10.4.0.9');
    await register(stranger);
    expect((await stranger.get(`/api/publish/fields/${orderID}`)).statusCode).toBe(404);
  });
});
