/**
 * A paid ad refused before it was ever on the board, as its owner sees it (in Chromium, against the production
 * server and its payment sandbox): every car waits for a moderator; the owner pays VIP at the sandbox's card page and
 * the ad waits for review; a moderator refuses it (the console's calls). /my-ads says it was not approved, why, and
 * that the VIP payment was refunded because it never went up; the finish page and the refusal's e-mail say so too.
 * Axe finds nothing on /my-ads, at 390 and 1280 px.
 */
import { findTrack } from '@app/catalog/tracks';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardForm } from '../../apps/server/test/support/payment-sandbox.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { formatPrice } from '../../apps/web/src/shared/format/price.ts';
import { axeViolations, DESKTOP, newPage, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, lastEmail } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { freshCode, OPERATOR } from './operator-helpers.ts';
import { csrfOf } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
const PHONE_390 = { width: 390, height: 844 } as const;

/** The console's calls as the demo operator (an admin), signed in with its password and a fresh code. */
async function operatorApi(page: Page) {
  const base = product.url;
  const headers = { 'x-csrf-token': await csrfOf(page, base) };
  const login = await page.request.post(`${base}/api/operator/login`, {
    data: { email: OPERATOR.email, password: OPERATOR.password },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  const code = await page.request.post(`${base}/api/operator/login/code`, {
    data: { code: await freshCode(OPERATOR.secret) },
    headers,
  });
  expect(code.status(), await code.text()).toBe(200);
  return {
    get: async (path: string) => (await page.request.get(`${base}/api/operator${path}`)).json(),
    post: (path: string, data: unknown) => page.request.post(`${base}/api/operator${path}`, { data, headers }),
  };
}

describe('a paid ad refused before it went live', () => {
  it('says on /my-ads, on its finish page and by e-mail that its payment was refunded', async () => {
    const amount = VIP?.amountAgorot ?? 0;
    expect(amount).toBeGreaterThan(0);
    const staff = await newPage(browser, DESKTOP);
    const operator = await operatorApi(staff);
    const { rules, words } = await operator.get('/moderation/rules');
    const held = await operator.post('/moderation/rules', {
      rules: { ...rules, categories: [{ cat: 1, subcat: null }] },
      words,
    });
    expect(held.status()).toBe(200);

    // The owner saves a car and pays VIP at the sandbox's card page (as the frame posts it).
    const owner = await newPage(browser, PHONE_390);
    await loginDemo(owner, product.url);
    const orderId = await adThroughApi(owner, product.url, validCarAd());
    const start = await owner.request.post(`${product.url}/api/publish/finish-page`, {
      data: {
        CatID: 1,
        SubCatID: 1,
        OrderID: orderId,
        RecordID: orderId,
        pt_hash: VIP?.hash,
        idempotencyKey: `e2e-${orderId}`,
      },
      headers: { 'x-csrf-token': await csrfOf(owner, product.url) },
    });
    expect(start.status(), await start.text()).toBe(200);
    const hostedUrl = (await start.json()).merchantPaymentUrl as string;
    const paid = await fetch(hostedUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cardForm(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // The provider's notification arrives by the job scheduler: the ad waits for review.
    const statusOf = async () =>
      (
        (await (await owner.request.get(`${product.url}/api/my-ads`)).json()).ads as {
          OrderID: number;
          status: string;
        }[]
      ).find((a) => a.OrderID === orderId)?.status;
    await expect.poll(statusOf, { timeout: SERVER_ROUND_TRIP }).toBe('pending');

    // A moderator refuses it.
    const queue = await operator.get('/moderation/queue');
    const review = (queue.items as { review: { id: number; adId: number } }[]).find((i) => i.review.adId === orderId);
    expect(review).toBeDefined();
    const refused = await operator.post(`/moderation/reviews/${review?.review.id}/reject`, {
      template: 'misleading',
      text: 'הקילומטראז׳ במודעה אינו תואם את התמונות',
    });
    expect(refused.status(), await refused.text()).toBe(200);

    const refundText = `התשלום הוחזר: ${formatPrice(amount)} הוחזרו לאמצעי התשלום, כי המודעה לא אושרה לפרסום ולא עלתה לאתר.`;
    await owner.goto(`${product.url}/my-ads`);
    const row = owner.locator(`article[data-order-id="${orderId}"]`);
    const note = row.getByTestId('my-ad-refund');
    await note.waitFor();
    expect(await note.getAttribute('data-refund')).toBe('refunded');
    expect(await note.textContent()).toBe(refundText);
    expect(await row.locator('.my-ad__status').textContent()).toBe('לא אושרה');
    await row
      .getByTestId('my-ad-rejection')
      .getByText('הקילומטראז׳ במודעה אינו תואם את התמונות', { exact: false })
      .waitFor();
    expect(await row.getByRole('link', { name: 'עריכה ושליחה מחדש' }).getAttribute('href')).toBe(`/edit/${orderId}`);
    expect(await axeViolations(owner)).toEqual([]);
    await note.scrollIntoViewIfNeeded();
    await screenshot(owner, 'my-ads-refused-refund-390');
    await owner.setViewportSize(DESKTOP);
    await note.scrollIntoViewIfNeeded();
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, 'my-ads-refused-refund-1280');

    await owner.goto(`${product.url}/finishArea?cat=1&subcat=1&OrderID=${orderId}`);
    await owner.getByRole('heading', { name: 'המודעה לא אושרה לפרסום', level: 1 }).waitFor();
    expect(await owner.getByTestId('finish-refund').textContent()).toBe(refundText);

    const mail = await lastEmail(product.url, DEMO_PRIVATE.email, product.sandboxKey);
    expect(mail?.subject).toBe(`המודעה שלך (מס' ${orderId}) לא אושרה לפרסום`);
    expect(mail?.text).toContain('המודעה לא עלתה לאתר, ולכן החזרנו את התשלום עליה');
    await Promise.all([owner.close(), staff.close()]);
  });
});
