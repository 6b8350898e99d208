/**
 * Paying for a track through the plan step, in Chromium against the production server and its payment
 * sandbox (another origin, its own listener): no stub of our own server anywhere.
 *  - VIP by card: plan step → VIP → the payment type popup → card → the hosted card page in the popup's iframe →
 *    the frame comes back through /finishPayment → the finish page shows the ad live; the server says the ad is
 *    active and paid with exactly the catalogue's VIP amount. The same with the site opened at 127.0.0.1.
 *  - A declined card: the finish page shows the payment failure, the ad stays a draft, nothing is paid.
 *  - The mobile-payment app: the QR page in the frame, 'אישור באפליקציה', the finish page with the ad live.
 *  - Forged 'payment-finished' messages (from the payment host's origin, a data: frame, another same-origin window)
 *    while the card popup is open are ignored: the popup stays and nothing navigates.
 */

import { AUTO_BUMP_PRICE_AGOROT, findTrack } from '@app/catalog/tracks';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import { DECLINED_CARD, fillCard, SUCCESS_CARD } from '../support/payment-card.ts';
import type { Product } from '../support/product.ts';
import { query } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { savedPrivateCar } from './wizard-flow.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** The phone width the screenshots are taken at. */
const PHONE_390 = { width: 390, height: 844 } as const;
const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');

/** What the user sees (the viewport): a full-page shot misplaces the fixed popup and its backdrop. */
const viewShot = (page: Page, name: string) => screenshot(page, name, 'view');

const savedCar = (page: Page) => savedPrivateCar(page, product.url);

const plan = (page: Page) => page.getByTestId('plan-step');
const cardPopup = (page: Page) => page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' });
const appPopup = (page: Page) => page.getByRole('dialog', { name: 'תשלום באפליקציה' });

/** Plan step → VIP → the payment type popup → the channel; answers the popup's hosted-page frame. */
async function payVip(page: Page, channel: 'creditCard' | 'bit'): Promise<FrameLocator> {
  await plan(page).waitFor();
  await plan(page).getByTestId('track-VIP').locator('.track__choose').click();
  const type = page.getByRole('dialog', { name: 'איך תרצו לשלם?' });
  await type.waitFor();
  await type.getByTestId(`pay-${channel}`).click();
  const popup = channel === 'creditCard' ? cardPopup(page) : appPopup(page);
  await popup.waitFor();
  const frame = page.frameLocator(`[data-testid="${channel === 'creditCard' ? 'card' : 'app'}-payment-frame"]`);
  return frame;
}

/** GET get-finish-page with the page's own cookies (what the finish page reads from our database). */
// biome-ignore lint/suspicious/noExplicitAny: the answer is read field by field
async function finishState(page: Page, orderId: number): Promise<any> {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/publish/get-finish-page?OrderID=${id}`, { credentials: 'include' });
    return { status: res.status, ...(await res.json()) };
  }, orderId);
}

interface SandboxSession {
  id: string;
  amountAgorot: number;
  channel: string;
  status: string;
}

/** The payment sandbox's sessions (its admin API, with the sandbox key). */
async function sandboxSessions(): Promise<SandboxSession[]> {
  const res = await fetch(`${product.url}/api/sandbox/payments/sessions`, {
    headers: { 'x-sandbox-key': product.sandboxKey },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessions: SandboxSession[] }).sessions;
}

/** The finish page of this ad, reached by the parent window (the popup gone). */
async function atFinish(page: Page, orderId: number) {
  // The frame goes through the provider, our return URL and the lazily loaded /finishPayment: give it time.
  await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
  expect(query(page)).toMatchObject({ cat: '1', subcat: '1', OrderID: String(orderId) });
  expect(await cardPopup(page).count()).toBe(0);
  expect(await appPopup(page).count()).toBe(0);
  const finish = page.getByTestId('finish-published');
  await finish.waitFor();
  // The finish page opens at its top, not where the (long) plan step was scrolled to.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return finish;
}

async function expectLive(page: Page, orderId: number) {
  const finish = await atFinish(page, orderId);
  await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
  const timeline = finish.getByTestId('finish-timeline');
  expect(await timeline.locator('[data-step="paid"]').getAttribute('data-done')).toBe('true');
  expect(await timeline.locator('[data-step="live"]').getAttribute('data-done')).toBe('true');
  expect(await finish.getByTestId('payment-failure').count()).toBe(0);
  return finish;
}

describe('paying for a track from the plan step', () => {
  it('VIP by card: the hosted card page in the popup, back to the finish page with the ad live and paid the VIP amount', async () => {
    expect(VIP?.amountAgorot).toBeGreaterThan(0);
    const page = await newPage(browser, DESKTOP);
    const orderId = await savedCar(page);
    const frame = await payVip(page, 'creditCard');
    await fillCard(frame, SUCCESS_CARD, '3');
    await viewShot(page, 'plan-payment-card-popup-desktop');
    const before = (await sandboxSessions()).length;
    await frame.getByRole('button', { name: /לתשלום/ }).click();

    await expectLive(page, orderId);
    await screenshot(page, 'plan-payment-finish-desktop');
    const state = await finishState(page, orderId);
    expect(state).toMatchObject({ status: 200, state: 'active', adType: 'VIP', addGtmForPayedOrder: true });
    expect(state.paidAgorot).toBe(VIP?.amountAgorot);
    expect(state.paymentFailed).toBeUndefined();
    // The provider's side: one more session, paid, by card, for exactly that amount.
    const sessions = await sandboxSessions();
    expect(sessions.length).toBe(before);
    const paid = sessions.filter((s) => s.status === 'paid' && s.channel === 'creditCard');
    expect(paid.map((s) => s.amountAgorot)).toContain(VIP?.amountAgorot);
    await page.close();
  });

  it('opened at 127.0.0.1 instead of localhost: the card popup frames the hosted page there and the ad goes live paid', async () => {
    // The server listens on 127.0.0.1 and prints localhost; a local run is opened at either (or, from a phone, at
    // the machine's network address): the payment host, its frame and its way back follow the address in use.
    const at = product.server.url;
    expect(new URL(at).hostname).toBe('127.0.0.1');
    const page = await newPage(browser, PHONE_390);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Refused to (frame|display)|Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    const orderId = await savedPrivateCar(page, at);
    const frame = await payVip(page, 'creditCard');
    const hosted = await page.getByTestId('card-payment-frame').getAttribute('src');
    expect(new URL(hosted ?? '').hostname).toBe('127.0.0.1');
    await fillCard(frame, SUCCESS_CARD, '1');
    await viewShot(page, 'plan-payment-card-popup-127-phone');
    await page.setViewportSize(DESKTOP);
    await viewShot(page, 'plan-payment-card-popup-127-desktop');
    await frame.getByRole('button', { name: /לתשלום/ }).click();

    await expectLive(page, orderId);
    expect(new URL(page.url()).origin).toBe(at);
    const state = await finishState(page, orderId);
    expect(state).toMatchObject({ status: 200, state: 'active', adType: 'VIP' });
    expect(state.paidAgorot).toBe(VIP?.amountAgorot);
    expect(refused).toEqual([]);
    await page.close();
  });

  it('a declined card: the finish page shows the payment failure, the ad stays a draft and nothing is paid', async () => {
    const page = await newPage(browser, PHONE_390);
    const orderId = await savedCar(page);
    const paidBefore = (await sandboxSessions()).filter((s) => s.status === 'paid').length;
    const frame = await payVip(page, 'creditCard');
    await fillCard(frame, DECLINED_CARD, '3');
    await viewShot(page, 'plan-payment-card-popup-phone');
    await frame.getByRole('button', { name: /לתשלום/ }).click();

    const finish = await atFinish(page, orderId);
    expect(query(page).result).toBe('failure');
    const failure = finish.getByTestId('payment-failure');
    await failure.waitFor();
    // The decline's own message, alone: not the generic 'try again later' beside 'try another card'.
    expect(await failure.getByTestId('payment-failure-message').textContent()).toBe(
      'חברת האשראי דחתה את העסקה, והכרטיס לא חויב. אפשר לנסות כרטיס אחר, או לשלם באפליקציית תשלום בנייד.',
    );
    // Said once, with one service phone, under a failure icon (not the success check mark).
    await expect.poll(() => finish.getAttribute('data-state')).toBe('draft');
    const text = (await finish.textContent()) ?? '';
    expect(text.split('דחתה את העסקה').length - 1, text).toBe(1);
    expect(text, text).not.toContain('תהליך התשלום נכשל');
    expect(text.split('לעזרה').length - 1, text).toBe(1);
    expect(await finish.getByTestId('finish-icon').getAttribute('data-variant')).toBe('failure');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('התשלום לא הושלם');
    await screenshot(page, 'plan-payment-failure-phone');
    await expect.poll(() => finish.getAttribute('data-state')).toBe('draft');
    expect(await finish.getByTestId('finish-timeline').locator('[data-step="live"]').getAttribute('data-done')).toBe(
      'false',
    );
    const state = await finishState(page, orderId);
    expect(state).toMatchObject({ status: 200, state: 'draft', paymentFailed: true, addGtmForPayedOrder: false });
    expect(state.paidAgorot).toBeUndefined();
    const sessions = await sandboxSessions();
    expect(sessions.filter((s) => s.status === 'paid').length).toBe(paidBefore);
    expect(sessions.some((s) => s.status === 'declined' && s.amountAgorot === VIP?.amountAgorot)).toBe(true);
    await page.close();
  });

  it('the mobile-payment app: the QR page in the frame, approved in the app, the finish page with the ad live', async () => {
    const page = await newPage(browser, DESKTOP);
    const orderId = await savedCar(page);
    const frame = await payVip(page, 'bit');
    await frame.getByRole('img', { name: 'קוד QR לאישור התשלום בטלפון' }).waitFor();
    await viewShot(page, 'plan-payment-app-popup-desktop');
    // The approve button is in sight in the popup's frame (470x550), not below its fold.
    const appFrame = page.frames().find((f) => f.url().includes('/pay/'));
    const fits = await appFrame?.evaluate(() => {
      const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'אישור באפליקציה');
      return { bottom: Math.round(button?.getBoundingClientRect().bottom ?? 1e6), height: window.innerHeight };
    });
    expect(fits?.bottom, JSON.stringify(fits)).toBeLessThanOrEqual(fits?.height ?? 0);
    await frame.getByRole('button', { name: 'אישור באפליקציה' }).click();

    await expectLive(page, orderId);
    const state = await finishState(page, orderId);
    expect(state).toMatchObject({ status: 200, state: 'active', adType: 'VIP' });
    expect(state.paidAgorot).toBe(VIP?.amountAgorot);
    const sessions = await sandboxSessions();
    expect(sessions.some((s) => s.status === 'paid' && s.channel === 'bit')).toBe(true);
    await page.close();
  });

  it('forged payment-finished messages while the card popup is open are ignored; the real one then finishes', async () => {
    const page = await newPage(browser, PHONE_390);
    const orderId = await savedCar(page);
    const frame = await payVip(page, 'creditCard');
    await frame.getByLabel('מספר כרטיס').waitFor();
    const url = page.url();
    const forged = { type: 'payment-finished', OrderID: orderId, ok: true, action: 'finish' };

    // Counts the messages that reach the parent (registered after the popup's own listener, so when it has seen a
    // message the popup's listener has handled it too).
    await page.evaluate(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      window.addEventListener('message', (e) => {
        if ((e.data as { type?: string } | null)?.type === 'payment-finished') w.seen.push(e.origin);
      });
    });

    // 1. From the payment iframe's own window, but the payment host's origin (not ours).
    const cardFrame = page.frames().find((f) => f.url().includes('/pay/'));
    expect(
      cardFrame,
      page
        .frames()
        .map((f) => f.url())
        .join(' '),
    ).toBeDefined();
    await cardFrame?.evaluate((m) => window.parent.postMessage(m, '*'), forged);
    // 2. From a data: frame in the parent (an opaque origin, another window): refused by the CSP before it runs.
    await page.evaluate((m) => {
      const f = document.createElement('iframe');
      f.title = 'forged';
      f.src = `data:text/html,<script>parent.postMessage(${JSON.stringify(m)}, '*')</script>`;
      document.body.append(f);
    }, forged);
    // 3. From another window of our own origin (same origin, wrong source).
    const [other] = await Promise.all([
      page.context().waitForEvent('page'),
      page.evaluate(() => {
        window.open('/', 'forger');
      }),
    ]);
    await other.waitForLoadState('domcontentloaded');
    await other.evaluate((m) => window.opener.postMessage(m, window.location.origin), forged);
    // 4. From our own top window (same origin, not the iframe).
    await page.evaluate((m) => window.postMessage(m, window.location.origin), forged);

    // The data: frame never gets to post: the app's CSP (frame-src) refuses it. The three others arrive.
    const appOrigin = new URL(page.url()).origin;
    const payOrigin = new URL(cardFrame?.url() ?? '').origin;
    expect(payOrigin).not.toBe(appOrigin);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen.slice().sort()), {
        timeout: 10_000,
      })
      .toEqual([appOrigin, appOrigin, payOrigin].sort());
    // Two frames for React to act, had it taken one.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(page.url()).toBe(url);
    expect(await cardPopup(page).isVisible()).toBe(true);
    expect(await plan(page).isVisible()).toBe(true);
    await other.close();
    await page.evaluate(() => document.querySelector('iframe[title="forged"]')?.remove());

    // The genuine result (from /finishPayment inside the iframe, our origin) is still taken.
    await fillCard(frame, SUCCESS_CARD, '3');
    await frame.getByRole('button', { name: /לתשלום/ }).click();
    await expectLive(page, orderId);
    await screenshot(page, 'plan-payment-finish-phone');
    await page.close();
  });

  it('a free ad with the auto-bump offer accepted and paid by card: live, one 39 ₪ payment, and /my-ads says it bumps', async () => {
    const page = await newPage(browser, DESKTOP);
    const orderId = await savedCar(page);
    await plan(page).waitFor();
    await plan(page).getByTestId('track-Free').getByRole('button').click();
    const offer = page.getByRole('dialog', { name: 'רוצים שהמודעה תקפוץ לבד?' });
    await offer.getByRole('button', { name: 'כן, להקפיץ אוטומטית' }).click();
    await page.getByRole('dialog', { name: 'איך תרצו לשלם?' }).getByTestId('pay-creditCard').click();
    await cardPopup(page).waitFor();
    const frame = page.frameLocator('[data-testid="card-payment-frame"]');
    await fillCard(frame, SUCCESS_CARD, '3');
    const before = (await sandboxSessions()).filter((s) => s.status === 'paid').length;
    await frame.getByRole('button', { name: /לתשלום/ }).click();

    // The payment closes the popup and the flow goes on to the finish page of the (free, live) ad.
    const finish = await atFinish(page, orderId);
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    const paid = (await sandboxSessions()).filter((s) => s.status === 'paid');
    expect(paid.length).toBe(before + 1);
    expect(paid.map((s) => s.amountAgorot)).toContain(AUTO_BUMP_PRICE_AGOROT);

    await page.goto(`${product.url}/my-ads`);
    const ad = page.locator(`article[data-order-id="${orderId}"]`);
    await expect
      .poll(async () => (await ad.locator('.my-ad__bump').textContent()) ?? '')
      .toMatch(/^הקפצה אוטומטית פעילה עד \d/);
    await screenshot(page, 'my-ads-auto-bump-1280');
    await page.close();
  });
});
