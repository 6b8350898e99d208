import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OLD_SITE_URL: 'https://old.example.co.il' });
});
afterAll(async () => {
  await t.close();
});

describe('site calls', () => {
  it('health answers with the database kind', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('personal-navbar gives category links, action icons and the back-to-site button', async () => {
    const body = (await t.app.inject('/api/personal-navbar')).json();
    expect(body.navBar.categoryList.length).toBeGreaterThan(3);
    expect(body.personalBar.actionsList).toContainEqual({ title: 'פרסום מודעה', url: '/publish', icon: 'publish' });
    // The user's ads are ours (/my-ads), not the old site's personal area.
    expect(body.personalBar.actionsList).toContainEqual({ title: 'המודעות שלי', url: '/my-ads', icon: 'my-ads' });
    expect(body.personalBar.backToSite).toEqual({ title: 'חזרה לאתר', url: 'https://old.example.co.il' });
  });

  it('site-config gives the configurable external links of the chooser', async () => {
    const { externalLinks } = (await t.app.inject('/api/site-config')).json();
    expect(externalLinks.jobs).toBe('https://old.example.co.il/jobs/publish');
    // The base of a publish rule's redirect to the older site.
    expect(externalLinks.oldSite).toBe('https://old.example.co.il/');
    expect(Object.keys(externalLinks).sort()).toEqual(
      [
        'cellular',
        'commercialRealEstate',
        'donation',
        'furniture',
        'jobs',
        'oldSite',
        'personalArea',
        'professionals',
        'vehiclePartner',
        'vehiclePromotion',
      ].sort(),
    );
  });

  it('check-trader: 3_2 and 1_8 pairs, the istrader flag and the customer trade map', async () => {
    const guest = new Agent(t.app);
    const ask = async (a: Agent, q: string) => (await a.get(`/api/publish/check-trader?${q}`)).json().isTrader;
    expect(await ask(guest, 'cat=3&subcat=2')).toBe(1);
    expect(await ask(guest, 'cat=1&subcat=8')).toBe(1);
    expect(await ask(guest, 'cat=1&subcat=1')).toBe(0);
    expect(await ask(guest, 'cat=1&subcat=1&istrader=1')).toBe(1);
    const dealer = new Agent(t.app);
    const { res } = await register(dealer);
    await t.db.query(`UPDATE customers SET trade = '{"2":{"1":1}}'::jsonb WHERE id = $1`, [res.json().CustID]);
    expect(await ask(dealer, 'cat=2&subcat=1')).toBe(1);
    expect(await ask(dealer, 'cat=2&subcat=2')).toBe(0);
  });

  it('unknown API paths answer 404 in Hebrew', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('הדף או המשאב המבוקש לא נמצא');
  });
});
