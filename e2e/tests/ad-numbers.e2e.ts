/**
 * The advertiser's numbers: a buyer on a phone opens a live ad of the demo advertiser, reveals its number and copies
 * its link; the owner then sees the view, the reveal and the share on /my-ads (the totals, and the last 30 days as a chart with the same
 * figures in a table) and on the ad's own page, which buyers see without them. Screens at 1280 and 390 px, axe 0.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freeFinishBody } from '../../apps/server/test/support/finish-body.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage, PHONE_BROWSER } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { checkScreen, csrfOf } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PHONE_390 = { width: 390, height: 844 } as const;

/** A live car ad of the demo advertiser (saved and finished on the free track through the API): its number. */
async function liveAd(page: Page): Promise<number> {
  await loginDemo(page, product.url);
  const orderId = await adThroughApi(page, product.url, validCarAd());
  const res = await page.request.post(`${product.url}/api/publish/finish-publish`, {
    data: freeFinishBody(orderId),
    headers: { 'x-csrf-token': await csrfOf(page, product.url) },
  });
  expect(res.status()).toBe(200);
  expect((await page.request.get(`${product.url}/item/${orderId}`)).status()).toBe(200);
  return orderId;
}

describe('the advertiser’s numbers', () => {
  it('a buyer’s visit, reveal and share show on /my-ads as totals, a chart and a table, and on the owner’s page only', async () => {
    const owner = await newPage(browser, DESKTOP);
    const orderId = await liveAd(owner);

    const buyerContext = await browser.newContext({ viewport: PHONE_390, locale: 'he-IL', userAgent: PHONE_BROWSER });
    await buyerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    const buyer = await buyerContext.newPage();
    await buyer.goto(`${product.url}/item/${orderId}`);
    await buyer.getByRole('heading', { level: 1 }).waitFor();
    await buyer.getByRole('button', { name: 'הצגת מספר טלפון' }).click();
    await buyer.locator('.ad-page__phone-link').waitFor();
    const shared = buyer.waitForResponse((r) => r.url().endsWith(`/api/ads/${orderId}/share`));
    await buyer.getByRole('button', { name: 'העתקת הקישור' }).click();
    expect((await shared).status()).toBe(200);
    // A second visit the same day is the same visitor.
    await buyer.reload();
    await buyer.getByRole('heading', { level: 1 }).waitFor();
    expect(await buyer.getByText('המספרים של המודעה').count()).toBe(0);
    await buyerContext.close();

    // The counts are written in batches, one a second: /my-ads shows them once all three are (the share may be
    // in the batch after the view's and the reveal's).
    const card = owner.locator(`article[data-order-id="${orderId}"]`);
    const row = (name: string) => card.locator(`[data-number="${name}"] td`).allTextContents();
    await expect
      .poll(
        async () => {
          await owner.goto(`${product.url}/my-ads`);
          await card.locator('[data-number="views"] td').first().waitFor();
          return { views: await row('views'), reveals: await row('reveals'), shares: await row('shares') };
        },
        { timeout: 15_000, interval: 500 },
      )
      .toEqual({ views: ['1', '1'], reveals: ['1', '1'], shares: ['1', '1'] });
    await card.getByRole('button', { name: 'המספרים לפי יום' }).click();
    const chart = card.getByRole('img', { name: /^צפיות במודעה .+ ב-30 הימים האחרונים$/ });
    await chart.waitFor();
    expect(await chart.locator('rect').count()).toBe(30);
    const table = card.getByRole('table', { name: /לפי יום$/ });
    expect(await table.locator('tbody tr').count()).toBe(30);
    // The newest day first: today's row has the view and the reveal.
    expect(await table.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['1', '1', '1', '0', '0']);
    await checkScreen(owner, 'ad-numbers-my-ads-1280');

    await owner.setViewportSize(PHONE_390);
    await card.getByRole('img', { name: /ב-30 הימים האחרונים$/ }).waitFor();
    await checkScreen(owner, 'ad-numbers-my-ads-390');

    // The ad's own page shows its numbers to its owner, with the way to the days on /my-ads.
    await owner.setViewportSize(DESKTOP);
    await owner.goto(`${product.url}/item/${orderId}`);
    const box = owner.getByRole('region', { name: 'המספרים של המודעה' });
    await box.waitFor();
    expect(
      await box
        .getByRole('row', { name: /צפיות במודעה/ })
        .locator('td')
        .allTextContents(),
    ).toEqual(['1', '1', '1']);
    expect(await box.getByRole('link', { name: 'לפירוט לפי יום במודעות שלי' }).getAttribute('href')).toBe(
      `/my-ads?numbers=${orderId}`,
    );
    await checkScreen(owner, 'ad-numbers-ad-page-1280');
    await box.getByRole('link', { name: 'לפירוט לפי יום במודעות שלי' }).click();
    await owner.waitForURL((u) => u.pathname === '/my-ads');
    await card.getByRole('img', { name: /ב-30 הימים האחרונים$/ }).waitFor();
    await owner.context().close();
  });
});
