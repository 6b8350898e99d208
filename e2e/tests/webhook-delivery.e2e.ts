/**
 * Ad events reach a subscriber across a restart, on the production server with the job tick at its default (half a
 * minute): the admin adds a receiver on this machine in the console (the product runs with the loopback switch, as a
 * local run would) and keeps its secret; a new user publishes a car on the free track, and the receiver gets
 * ad.published within two seconds; the product stops, the ad's end comes while it is down (the expiry's own step on
 * its database), and the product starts again: the receiver gets ad.ended soon after the start. Each delivery's
 * signature checks out with the secret the console showed, and each event arrived exactly once (the published one
 * was not sent again by the restarted product).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireAd } from '../../apps/server/src/ads/ad-expiry-jobs.ts';
import { type Receiver, verifySignature, webhookReceiver } from '../../apps/server/test/support/webhook-receiver.ts';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { carWithPhotosToPlan, publishFree } from './car-publish-helpers.ts';
import { openSection, operatorSignIn } from './operator-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  // No key for the subscribers' secrets in the environment: the product on its embedded database keeps its own in
  // its data directory (main.ts), so the subscriber added before the restart still signs after it.
  () => ({ WEBHOOKS_ALLOW_LOOPBACK: 'true' }),
);

let rx: Receiver;
beforeAll(async () => {
  rx = await webhookReceiver();
});
afterAll(async () => {
  await rx?.close();
});

const PATH = '/yad-events';
/** The deliveries of one ad's events, in the order they arrived. */
const deliveriesOf = (adId: number) => rx.at(PATH).filter((r) => JSON.parse(r.body).adId === adId);

describe('ad events across a restart', () => {
  it('the subscriber gets the ad published and ended, signed, once each', async () => {
    const admin = await newPage(browser, DESKTOP);
    await operatorSignIn(admin, product.url);
    await openSection(admin, 'אירועים למערכות אחרות');
    const section = admin.getByTestId('webhooks');
    await section.getByLabel('הכתובת שמקבלת את האירועים').fill(`${rx.base}${PATH}`);
    await section.getByRole('button', { name: 'הוספת המנוי' }).click();
    const secret = (await section.getByTestId('webhook-secret').locator('bdi').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await admin.close();

    const owner = await newPage(browser, DESKTOP);
    const orderId = Number(await carWithPhotosToPlan(owner, product.url));
    await publishFree(owner);
    const published = Date.now();
    await rx.until(() => deliveriesOf(orderId).length > 0, 10_000);
    const [first] = deliveriesOf(orderId);
    expect(first?.headers['x-yad-event-type']).toBe('ad.published');
    expect((first?.at ?? Number.POSITIVE_INFINITY) - published).toBeLessThan(2_000);

    // The product stops; the ad's end comes while it is down; it starts again on the same data.
    await product.offline(async (db) => {
      // Its days run out and the expiry's step runs (what the ads.expire job does at the ad's end).
      await db.query(`UPDATE ads SET ends_at = now() - interval '1 minute' WHERE id = $1`, [orderId]);
      expect(await db.transaction((tx) => expireAd(tx, orderId, new Date()))).toBe(true);
    });
    const started = Date.now();
    await rx.until(() => deliveriesOf(orderId).length > 1, 10_000);
    const second = deliveriesOf(orderId)[1];
    expect(second?.headers['x-yad-event-type']).toBe('ad.ended');
    expect((second?.at ?? Number.POSITIVE_INFINITY) - started).toBeLessThan(5_000);

    // Nothing more comes: the restarted product did not send the published event again.
    await new Promise((r) => setTimeout(r, 3_000));
    const got = deliveriesOf(orderId);
    expect(got.map((r) => r.headers['x-yad-event-type'])).toEqual(['ad.published', 'ad.ended']);
    const ids = got.map((r) => JSON.parse(r.body).id as string);
    expect(new Set(ids).size).toBe(2);
    expect(got.map((r) => r.headers['x-yad-event-id'])).toEqual(ids);
    for (const r of got) {
      const header = String(r.headers['x-yad-signature']);
      expect(verifySignature(secret, header, r.body, r.at / 1000)).toBe(true);
      expect(verifySignature('whsec_another', header, r.body, r.at / 1000)).toBe(false);
    }
    expect(JSON.parse(got[1]?.body ?? '{}')).toMatchObject({ type: 'ad.ended', adId: orderId });
    await owner.close();
  });
});
