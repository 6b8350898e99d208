/**
 * Paying in Chromium: a page of the app frames the payment sandbox's hosted card page (another
 * origin, allowed by the app's frame-src and the page's frame-ancestors); the card form shows its Hebrew errors,
 * then pays with the success test card; the frame comes back through our success URL to /finishPayment, which
 * posts payment-finished to the parent from our own origin and the iframe's window; the ad is live afterwards.
 * The hosted page itself passes axe. (The plan step's popups that frame it: plan-payment.e2e.ts.)
 */
import { CONTACT_TEST_VALUES } from '@app/catalog/categories/contactTestValues';
import { formatPhone } from '@app/contract/phones';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../apps/server/src/seed/demo-accounts.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { axeViolations, DESKTOP, launchBrowser, newPage, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import { type Product, startProduct } from '../support/product.ts';
import { DEMO_PRIVATE, loginThroughApi } from '../support/session.ts';

let product: Product;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** A call of the page's own origin with its cookies and CSRF header (as the web app makes them). */
async function api(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): // biome-ignore lint/suspicious/noExplicitAny: the answers of several calls, read field by field in the test
Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.match(/(?:^|; )csrf=([^;]*)/)?.[1] ?? '';
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

describe('the hosted card page in a frame', () => {
  it('pays with the test card and the frame reports back to its parent only', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    await page.goto(`${product.url}/finishArea`);
    const demo = DEMO_ACCOUNTS.find((a) => a.email === DEMO_PRIVATE.email);
    const saved = await api(page, 'POST', '/api/publish/save-ad', {
      ...validCarAd(),
      ...CONTACT_TEST_VALUES,
      validPhone1: formatPhone(demo?.phone ?? ''),
    });
    const orderId: number = saved.json?.orderID;
    expect(orderId, JSON.stringify(saved)).toBeGreaterThan(0);
    const started = await api(page, 'POST', '/api/publish/finish-page', {
      OrderID: orderId,
      RecordID: orderId,
      CatID: 1,
      SubCatID: 1,
      pt_hash: 'c1-vip',
      idempotencyKey: `e2e-${Date.now()}`,
    });
    expect(started.status).toBe(200);
    const hostedUrl: string = started.json.merchantPaymentUrl;
    expect(new URL(hostedUrl).origin).not.toBe(new URL(product.url).origin);

    // The parent: frames the hosted page and records what the listener would accept (exact origin and window).
    await page.evaluate((src) => {
      const w = window as unknown as { accepted: unknown[]; seen: number };
      w.accepted = [];
      w.seen = 0;
      const iframe = document.createElement('iframe');
      iframe.src = src;
      iframe.title = 'תשלום';
      iframe.style.inlineSize = '492px';
      iframe.style.blockSize = '700px';
      document.body.append(iframe);
      window.addEventListener('message', (e) => {
        w.seen += 1;
        if (e.origin === location.origin && e.source === iframe.contentWindow) w.accepted.push(e.data);
      });
    }, hostedUrl);
    const frame = page.frameLocator('iframe[title="תשלום"]');
    await frame.getByLabel('מספר כרטיס').fill('4580 0000 0000 0001');
    await frame.getByLabel('קוד אבטחה (CVV)').fill('12');
    await frame.getByRole('button', { name: /לתשלום/ }).click();
    await frame.getByText('מספר הכרטיס אינו תקין').waitFor();
    await frame.getByText('קוד האבטחה צריך להיות 3 או 4 ספרות').waitFor();
    await frame.getByText('מספר תעודת הזהות אינו תקין').waitFor();
    await screenshot(page, 'payments-card-errors');

    await frame.getByLabel('מספר כרטיס').fill('4580 0000 0000 0000');
    await frame.getByLabel('חודש').selectOption('12');
    await frame.getByLabel('שנה', { exact: true }).selectOption(String(new Date().getFullYear() + 2));
    await frame.getByLabel('קוד אבטחה (CVV)').fill('123');
    await frame.getByLabel('מספר תעודת זהות של בעל הכרטיס').fill('000000018');
    await frame.getByLabel('מספר תשלומים').selectOption('3');
    await frame.getByRole('button', { name: /לתשלום/ }).click();

    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    page.on('framenavigated', (f) => logs.push(`nav ${f.url()}`));
    try {
      // The frame goes through the provider, our return URL and the lazily loaded /finishPayment: a loaded CI
      // machine takes a while.
      await page.waitForFunction(() => (window as unknown as { accepted: unknown[] }).accepted.length > 0, undefined, {
        timeout: SERVER_ROUND_TRIP,
      });
    } catch (err) {
      // What the frame went through (CSP refusals show in the console).
      console.log(
        'payment frame:',
        logs,
        page.frames().map((f) => f.url()),
        await Promise.all(
          page.frames().map((f) =>
            f
              .locator('body')
              .textContent()
              .catch(() => ''),
          ),
        ),
      );
      await screenshot(page, 'payments-frame-stuck');
      throw err;
    }
    const accepted = await page.evaluate(() => (window as unknown as { accepted: unknown[] }).accepted);
    expect(accepted).toEqual([{ type: 'payment-finished', OrderID: orderId, ok: true, action: 'finish' }]);
    // The success URL asked the provider (the notification follows by the job tick): the ad is live.
    // Asked as a visitor: the owner gets their own ad before it is live too (the car sign).
    const visitor = await browser.newContext();
    await expect
      .poll(async () => (await visitor.request.get(`${product.url}/api/adds/${orderId}`)).status(), { timeout: 10_000 })
      .toBe(200);
    await visitor.close();
    await screenshot(page, 'payments-paid');

    // The sandbox admin view (with the key of the start-up log) lists the session as paid, and passes axe.
    await page.goto(`${product.url}/sandbox/payments?key=${encodeURIComponent(product.sandboxKey)}`);
    await page.getByRole('heading', { name: 'סביבת התשלומים לבדיקה' }).waitFor();
    const listed = page.getByTestId('sandbox-payment').filter({ hasText: 'מסלול VIP' }).first();
    await listed.getByText('שולם').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'payments-sandbox-admin');
  });

  it('the hosted card page passes axe, right to left', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    await page.goto(`${product.url}/finishArea`);
    const demo = DEMO_ACCOUNTS.find((a) => a.email === DEMO_PRIVATE.email);
    const saved = await api(page, 'POST', '/api/publish/save-ad', {
      ...validCarAd(),
      ...CONTACT_TEST_VALUES,
      validPhone1: formatPhone(demo?.phone ?? ''),
    });
    const started = await api(page, 'POST', '/api/publish/bit-payment', {
      OrderID: saved.json.orderID,
      RecordID: saved.json.orderID,
      CatID: 1,
      SubCatID: 1,
      pt_hash: 'c1-bold',
      idempotencyKey: `e2e-bit-${Date.now()}`,
    });
    expect(started.status).toBe(200);
    await page.goto(started.json.sale_url);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.getByRole('img', { name: 'קוד QR לאישור התשלום בטלפון' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'payments-mobile');
  });
});
