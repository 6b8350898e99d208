/**
 * Finishing an edit of a published ad: at /edit/{id} the edit-login step's button saves the
 * change and finishes it (order-edited); the public view (GET adds/{id}) shows it only then. Inside the native app
 * the success event goes to the wrapper.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setAdStatus } from '../../apps/server/src/ads/ads-repository.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { button, checkScreen, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** The ad as the public sees it (a visitor: the owner also gets their own draft, for the car sign). */
async function publicPrice(_page: Page, orderId: number): Promise<{ status: number; price?: string }> {
  const visitor = await browser.newContext();
  const res = await visitor.request.get(`${product.url}/api/adds/${orderId}`);
  const price = res.status() === 200 ? (await res.json()).Price : undefined;
  await visitor.close();
  return { status: res.status(), price };
}

/** Inside the native app (remembered for the tab): the wrapper's bridge and the page's finish events, kept in
 * sessionStorage so they survive the redirect. */
const NATIVE_APP = () => {
  sessionStorage.setItem('webview', '1');
  const keep = (key: string, value: unknown) =>
    sessionStorage.setItem(key, JSON.stringify([...JSON.parse(sessionStorage.getItem(key) ?? '[]'), value]));
  (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
    postMessage: (message: string) => keep('appMessages', JSON.parse(message)),
  };
  window.addEventListener('publish:finish-update', (e) => keep('finishUpdates', (e as CustomEvent).detail));
};

describe('finishing an edit of a published ad', () => {
  it('the new price is live only after the edit-login step finishes the edit', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.context().addInitScript(NATIVE_APP);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCarAd());
    expect((await publicPrice(page, orderId)).status).toBe(404); // a draft is not public
    // Nothing in the product publishes an ad yet (the plan step comes later): made active in its database.
    await product.offline((db) => setAdStatus(db, orderId, 'active'));
    expect(await publicPrice(page, orderId)).toEqual({ status: 200, price: '85000' });

    await page.goto(`${product.url}/edit/${orderId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`מספר מודעה ${orderId}`) }).waitFor();
    await settled(page);
    expect(await page.getByLabel('מחיר').inputValue()).toBe('85,000');
    await page.getByLabel('מחיר').fill('79000');
    // One press: save-ad/{id} keeps the edit pending, order-edited makes it live.
    const edited = page.waitForResponse((r) => r.url().includes(`/api/publish/save-ad/${orderId}`));
    const finished = page.waitForResponse((r) => r.url().endsWith(`/api/publish/${orderId}/order-edited`));
    await button(page, 'סיום ופרסום השינויים').click();
    await edited;
    await finished;

    await page.waitForURL((u) => u.pathname === '/finishArea' && u.searchParams.get('action') === 'edited');
    await page.getByRole('heading', { level: 1, name: 'המודעה עודכנה' }).waitFor();
    expect(await page.getByTestId('finish-edited').textContent()).toContain(String(orderId));
    await checkScreen(page, 'edit-finished-1280');
    expect(await publicPrice(page, orderId)).toEqual({ status: 200, price: '79000' });

    const kept = (key: string) => page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? '[]'), key);
    expect(await kept('appMessages')).toEqual([{ event: 'postedAdEditedSuccessfully', orderID: orderId }]);
    expect(await kept('finishUpdates')).toMatchObject([{ orderID: orderId, response: { status: 200 } }]);
    await page.close();
  });

  it('a draft (never published) is saved at once and the page says so; nothing is public', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCarAd());
    await page.goto(`${product.url}/edit/${orderId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`מספר מודעה ${orderId}`) }).waitFor();
    await settled(page);
    await page.getByLabel('מחיר').fill('82000');
    await button(page, 'סיום ופרסום השינויים').click();
    await page.getByTestId('edit-saved').getByText('השינויים נשמרו').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/edit/${orderId}`);
    const values = (await (await page.request.get(`${product.url}/api/publish/fields/${orderId}`)).json()).values;
    expect(values).toMatchObject({ price: '82000' });
    expect((await publicPrice(page, orderId)).status).toBe(404);
    await page.close();
  });
});
