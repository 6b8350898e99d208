/**
 * The plan step's screens and flows in Chromium with the plan and finish calls answered by the test (page.route),
 * so the browser's side is checked on its own. The wizard and the save are real; save-ad's answer gets a
 * chooseOrderType, and order-types, finish-publish, finish-page and get-finish-page are stubs. The payment frame is
 * a same-origin stub page that posts 'payment-finished' to its parent (the documents' CSP is dropped for it: frame-src
 * for the payment host is the server's part).
 */

import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { ChooseOrderType, FinishPageState, OrderTypeItem } from '@app/contract/orders';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { query } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { finishFromCarType, searchPlate, startPrivateCar } from './wizard-flow.ts';
import { settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PHONE_390 = { width: 390, height: 844 } as const;

const track = (over: Partial<OrderTypeItem>): OrderTypeItem => ({
  adType: 'Free',
  headerText: 'רגילה',
  description_inner: ['המודעה מוצגת בלוח לפי סדר הפרסום', 'ללא הבלטה'],
  price: 0,
  priceNotTax: 0,
  amountAgorot: 0,
  textPrice: 'חינם',
  days: 28,
  giftedDays: 0,
  iscommercial: false,
  isbusinessforsale: false,
  order_subscribe: 0,
  orderType: 1,
  hash: 'free-28',
  title: 'רגילה',
  description: '',
  buttonText: 'לפרסום בחינם',
  dealColor: 'grey',
  catId: 1,
  ...over,
});

const TRACKS: OrderTypeItem[] = [
  track({}),
  track({
    adType: 'Bold',
    headerText: 'מודגשת',
    description_inner: ['רקע ורוד שבולט ברשימה', 'הקפצה אחת ביום'],
    price: 89,
    priceNotTax: 75.42,
    amountAgorot: 8900,
    textPrice: undefined,
    orderType: 2,
    hash: 'bold-28',
    buttonText: 'לבחירת מודגשת',
    dealColor: 'pink',
  }),
  track({
    adType: 'VIP',
    headerText: 'VIP',
    description_inner: ['מקום קבוע בראש הרשימה', 'רקע צהוב', 'הקפצה כל 4 שעות'],
    price: 1249,
    priceNotTax: 1058.47,
    amountAgorot: 124900,
    textPrice: undefined,
    orderType: 3,
    hash: 'vip-28',
    buttonText: 'לבחירת VIP',
    dealColor: 'yellow',
    recommended: true,
  }),
];

const EASY_START = track({
  adType: 'EasyStart',
  headerText: 'שבוע ראשון חינם',
  description_inner: ['מסלול VIP', 'השבוע הראשון עלינו'],
  price: 149,
  priceNotTax: 126.27,
  amountAgorot: 14900,
  textPrice: undefined,
  orderType: 3,
  hash: 'easy-start',
  buttonText: 'לנסות בחינם',
  dealColor: 'yellow',
  order_subscribe: 1,
  easyStart: { days: 7, price: 0, adType: 'EasyStart', easyStartParentPkg: { adType: 'VIP', days: 28 } },
});

function chooseOrderType(orderId: number, tracks = TRACKS): ChooseOrderType {
  // The auto-bump price is the server's (45 ₪ here, not the catalogue's 39): the browser shows the answer's price.
  return {
    adData: { OrderID: orderId, RecordID: orderId, CatID: 1, SubCatID: 1 },
    mode: 'tracks',
    orderType: tracks,
    autoBumpPriceAgorot: 4500,
  };
}

function finishPage(orderId: number, state: FinishPageState['state']): FinishPageState {
  const live = state === 'active';
  return {
    title: live ? 'המודעה שלך באוויר!' : 'התשלום התקבל',
    finalMessage: live ? 'המודעה פורסמה ומוצגת עכשיו בלוח.' : 'המודעה תעלה לאוויר בעוד רגע.',
    FinishTextID: 1,
    StatusID: 1,
    addGtmForPayedOrder: true,
    state,
    timeline: [
      { step: 'saved', done: true },
      { step: 'paid', done: true },
      { step: 'review', done: live },
      { step: 'live', done: live },
    ],
    CatID: 1,
    SubCatID: 1,
    OrderID: orderId,
  };
}

/** Stubs of the plan and finish calls; counts what the page sent. */
async function stubOrders(page: Page, tracks = TRACKS) {
  const calls = { finishPage: 0, bodies: [] as unknown[], finishPublish: 0, getFinish: 0 };
  // Our documents carry a CSP whose frame-src names only the video host: the stub payment page needs 'self'.
  await page.route(
    (url) => !url.pathname.startsWith('/api') && !url.pathname.startsWith('/assets'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      delete headers['x-frame-options'];
      delete headers['content-encoding'];
      await route.fulfill({ response, headers, body: await response.body() });
    },
  );
  await page.route('**/api/publish/save-ad', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    const orderId = json.orderID ?? json.OrderID;
    const body = orderId ? { ...json, chooseOrderType: chooseOrderType(orderId, tracks) } : json;
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, headers, json: body });
  });
  await page.route('**/api/publish/*/order-types', (route) => {
    const id = Number(new URL(route.request().url()).pathname.split('/')[3]);
    return route.fulfill({ json: chooseOrderType(id, tracks) });
  });
  await page.route('**/api/publish/finish-publish', (route) => {
    calls.finishPublish += 1;
    const body = route.request().postDataJSON();
    return route.fulfill({
      json: { status: 200, redirect: `/finishArea?cat=1&subcat=1&OrderID=${body.OrderID}` },
    });
  });
  await page.route('**/api/publish/finish-page', async (route) => {
    calls.finishPage += 1;
    calls.bodies.push(route.request().postDataJSON());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const body = route.request().postDataJSON();
    return route.fulfill({ json: { merchantPaymentUrl: `/stub-pay/card?OrderID=${body.OrderID}` } });
  });
  await page.route('**/stub-pay/card*', (route) => {
    const orderId = new URL(route.request().url()).searchParams.get('OrderID');
    const html = `<!doctype html><html lang="he" dir="rtl"><body><p>דף תשלום לדוגמה</p><button id="pay">תשלום</button>
<script>document.getElementById('pay').onclick=function(){parent.postMessage({type:'payment-finished',OrderID:${Number(orderId)},ok:true,action:'finish'},location.origin)}</script></body></html>`;
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
  });
  await page.route('**/api/publish/get-finish-page*', (route) => {
    calls.getFinish += 1;
    const id = Number(new URL(route.request().url()).searchParams.get('OrderID'));
    return route.fulfill({ json: finishPage(id, calls.getFinish === 1 ? 'paid' : 'active') });
  });
  return calls;
}

async function savedCar(page: Page): Promise<string> {
  await startPrivateCar(page, product.url);
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
  await settled(page);
  return finishFromCarType(page);
}

const plan = (page: Page) => page.getByTestId('plan-step');

describe('plan step with stubbed plan and finish calls', () => {
  it('desktop: cards side by side, VIP paid by card in the popup frame, then the finish page goes live', async () => {
    const page = await newPage(browser, DESKTOP);
    const calls = await stubOrders(page);
    const orderId = await savedCar(page);
    await plan(page).waitFor();
    expect(await plan(page).locator('.track__amount').allTextContents()).toEqual(['חינם', '89 ₪', '1,249 ₪']);
    expect(await plan(page).getAttribute('class')).toContain('plan--wide');
    expect(await axeViolations(page)).toEqual([]);
    await plan(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'plan-step-1280');

    await plan(page).getByTestId('track-VIP').getByRole('button', { name: 'לבחירת VIP' }).click();
    const choice = page.getByRole('dialog', { name: 'איך תרצו לשלם?' });
    await choice.waitFor();
    expect(await choice.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['כרטיס אשראי', 'אפליקציית תשלום בנייד']),
    );
    // A double click starts one payment.
    await choice.getByTestId('pay-creditCard').dblclick();
    const card = page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' });
    await card.waitFor();
    expect(calls.finishPage).toBe(1);
    expect(calls.bodies[0]).toMatchObject({ OrderID: Number(orderId), pt_hash: 'vip-28' });
    expect((calls.bodies[0] as { idempotencyKey: string }).idempotencyKey).toMatch(/\S{16,}/);
    const frame = card.locator('iframe');
    expect(await frame.getAttribute('title')).toBe('טופס תשלום מאובטח בכרטיס אשראי');
    await screenshot(page, 'plan-card-popup-1280');

    await page.frameLocator('iframe[title="טופס תשלום מאובטח בכרטיס אשראי"]').getByRole('button').click();
    await page.waitForURL((u) => u.pathname === '/finishArea');
    expect(query(page)).toMatchObject({ cat: '1', subcat: '1', OrderID: orderId });
    const finish = page.getByTestId('finish-published');
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 15_000 }).toBe('active');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('המודעה שלך באוויר!');
    await finish.getByTestId('car-sign').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'finish-live-1280');
    await page.close();
  });

  it('390 px: stacked cards; Free opens the auto-bump offer at the answer’s price (45 ₪); the finish page shows a payment failure', async () => {
    const page = await newPage(browser, PHONE_390);
    const calls = await stubOrders(page);
    const orderId = await savedCar(page);
    await plan(page).waitFor();
    expect(await plan(page).getAttribute('class')).toContain('plan--compact');
    expect(await axeViolations(page)).toEqual([]);
    await plan(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'plan-step-390');

    // A reload on the plan step shows it again, its tracks from GET order-types with the ad's number.
    const orderTypes = page.waitForRequest((r) => r.url().includes(`/api/publish/${orderId}/order-types`));
    await page.reload();
    await orderTypes;
    await plan(page).getByTestId('track-Free').waitFor();
    expect(query(page).step).toBe('6');

    await plan(page).getByTestId('track-Free').getByRole('button', { name: 'לפרסום בחינם' }).click();
    const offer = page.getByRole('dialog', { name: 'רוצים שהמודעה תקפוץ לבד?' });
    await offer.waitFor();
    expect(calls.finishPublish).toBe(1);
    expect(await offer.getByTestId('auto-bump-price').textContent()).toContain('45 ₪');
    await screenshot(page, 'plan-auto-bump-390');
    await offer.getByRole('button', { name: 'לא תודה', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea');

    await page.goto(`${product.url}/finishArea?cat=1&subcat=1&OrderID=${orderId}&result=failure`);
    const failure = page.getByTestId('payment-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('אופס, תהליך התשלום נכשל, אנא נסו שוב מאוחר יותר');
    expect(await page.getByTestId('car-sign').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'finish-failure-390');
    await page.close();
  });
});

describe('EasyStart', () => {
  it('offers the free week first (ends today + 7), accept opens the card popup; decline returns to the choice', async () => {
    const page = await newPage(browser, DESKTOP);
    const calls = await stubOrders(page, [...TRACKS, EASY_START]);
    await savedCar(page);
    await plan(page).getByTestId('track-EasyStart').getByRole('button', { name: 'לנסות בחינם' }).click();
    const trial = page.getByRole('dialog', { name: 'שבוע ראשון עלינו!' });
    await trial.waitFor();
    const end = new Date();
    end.setDate(end.getDate() + 7);
    const expected = [end.getDate(), end.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('/');
    expect(await trial.getByTestId('trial-end').textContent()).toBe(`${expected}/${end.getFullYear()}`);
    await screenshot(page, 'plan-trial-1280');

    await trial.getByRole('button', { name: 'לא תודה, לתשלום רגיל' }).click();
    const choice = page.getByRole('dialog', { name: 'איך תרצו לשלם?' });
    await choice.waitFor();
    expect(await choice.getByRole('button', { name: 'אפליקציית תשלום בנייד' }).count()).toBe(1);
    await choice.getByRole('button', { name: 'סגירה' }).click();

    await plan(page).getByTestId('track-EasyStart').getByRole('button', { name: 'לנסות בחינם' }).click();
    await trial.getByRole('button', { name: 'כן, אני רוצה את שבוע המתנה' }).click();
    const card = page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' });
    await card.waitFor();
    expect(calls.bodies.at(-1)).toMatchObject({ pt_hash: 'easy-start' });
    await page.close();
  });
});
