import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage } from '../support/browser.ts';
import { type Product, startProduct } from '../support/product.ts';
import { DEMO_PRIVATE, loginThroughApi } from '../support/session.ts';

let product: Product;
let browser: Browser;
let evil: http.Server;
let evilOrigin = '';
/** The page the other site serves: it sends the visitor's browser to `?to=` (a top-level navigation). */
const EVIL_PAGE =
  '<!doctype html><title>x</title><script>location.href = new URL(location).searchParams.get("to");</script>';

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  evil = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(EVIL_PAGE));
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  evil?.close();
  await browser?.close();
  await product?.stop();
});

const CAR_AD = {
  cat: '1',
  subcat: '1',
  hand: '1',
  ownerID: '1',
  month: '3',
  yearOnRoad: '2020',
  km: '45,000',
  price: '85,000',
  // The contact step: the demo private account's name and the mobile number it comes with, confirmed.
  contactName: DEMO_PRIVATE.name,
  validPhone1: '050-1234567',
};

async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies(product.url)).find((c) => c.name === 'csrf')?.value ?? '';
}

/** The CSP violations the page reported (collected from the first script on). */
async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

async function watchCsp(page: Page): Promise<string[]> {
  const consoleReports: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleReports.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return consoleReports;
}

describe('attacks from another website, in Chromium', () => {
  it('a page on another origin navigating to GET save-ad/{id} changes nothing in the logged-in victim’s ad', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    // The victim's own ad, saved the normal way.
    const fields = await page.request.get(`${product.url}/api/publish/fields?cat=1&subcat=1`);
    expect(fields.status()).toBe(200);
    const saved = await page.request.post(`${product.url}/api/publish/save-ad`, {
      data: await validAd(page),
      headers: { 'x-csrf-token': await csrfOf(page) },
    });
    expect(saved.status()).toBe(200);
    const orderId = (await saved.json()).orderID as number;
    expect(orderId).toBeGreaterThan(0);
    const priceNow = async () =>
      (
        (await (await page.request.get(`${product.url}/api/publish/fields/${orderId}`)).json()) as {
          values: { price: string };
        }
      ).values.price;
    expect(await priceNow()).toBe('85000');

    // The attack: the victim visits the other site, which sends the browser to the forging URL.
    const forged = `${product.url}/api/publish/save-ad/${orderId}?price=1,000&km=1&description=${encodeURIComponent('נמכר')}`;
    const landed = page.waitForResponse((r) => r.url().startsWith(`${product.url}/api/publish/save-ad/`));
    await page.goto(`${evilOrigin}/?to=${encodeURIComponent(forged)}`);
    const response = await landed;
    // The Lax session cookie does travel on this cross-site top-level navigation: only the CSRF check stops it.
    expect((await response.request().allHeaders()).cookie).toMatch(/\bsid=/);
    expect(response.status()).toBe(403);
    expect(await priceNow()).toBe('85000');
    await page.context().close();
  });
});

/** A complete ad built from the sample plate the plate search serves. */
async function validAd(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get(`${product.url}/gateway/car-data-gov?licensePlate=${SAMPLE_PLATES.privateCar}`);
  const car = ((await res.json()) as { data: { data: Record<string, number> } }).data.data;
  return {
    ...CAR_AD,
    manufacturer: String(car.manufacturerId),
    model: String(car.modelId),
    year: String(car.carYear),
    subModel: String(car.subModelId),
    colorGroup: String(car.yad2CarColorGroupID),
    color: String(car.yad2CarColorID),
    testDate: '01/05/2027',
    description: 'קורולה שמורה',
  };
}

describe('the Content-Security-Policy holds for the real app', () => {
  it('no violation on /publish and in the login popup; the sandbox outbox opens with the logged link only', async () => {
    const page = await newPage(browser, DESKTOP);
    const consoleReports = await watchCsp(page);
    const res = await page.goto(`${product.url}/publish`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).click();
    await page.getByRole('dialog').locator('form').first().waitFor();
    expect(await cspViolations(page)).toEqual([]);
    expect(consoleReports).toEqual([]);

    // Without the key the outbox page says how to open it; with the link of the start-up log it lists e-mails.
    await page.goto(`${product.url}/sandbox/outbox?to=${encodeURIComponent(DEMO_PRIVATE.email)}`);
    await page.getByText('הדף נפתח רק עם מפתח סביבת הבדיקות').waitFor();
    await page.goto(`${product.url}/sandbox/outbox?key=${encodeURIComponent(product.sandboxKey)}`);
    await page.getByRole('heading', { name: 'תיבת דואר יוצא (סביבת בדיקות)' }).waitFor();
    expect(new URL(page.url()).searchParams.has('key')).toBe(false); // not left in the address bar
    await page.getByLabel('כתובת הנמען').fill(DEMO_PRIVATE.email);
    await page.getByRole('button', { name: 'הצגת הודעות' }).click();
    await page.getByText('לא נשלחו הודעות לכתובת הזו.').waitFor();
    expect(await cspViolations(page)).toEqual([]);
    expect(consoleReports).toEqual([]);
    await page.context().close();
  });
});

/** Markup a server message might carry: rendered as text, it runs nothing (the flag and the alert stay unset). */
const XSS = '<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=2;alert(2)</script>';

describe('server messages with markup are shown as text, in Chromium', () => {
  it('the contact-us result popups and field errors render <img onerror> and <script> from the server as text', async () => {
    const page = await newPage(browser, DESKTOP);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // The form definition's result messages (server-given) and a refusal's field errors carry the markup.
    await page.route('**/api/contact-us/fetch**', async (route) => {
      const res = await route.fetch();
      const form = await res.json();
      for (const kind of ['succeed', 'failed']) {
        form.sendResult[kind].title = `${form.sendResult[kind].title} ${XSS}`;
        form.sendResult[kind].content = XSS;
      }
      await route.fulfill({ response: res, json: form });
    });
    let refusals = 1;
    await page.route('**/api/contact-us/save', (route) =>
      refusals-- > 0
        ? route.fulfill({ status: 400, json: { success: false, errors: { description: XSS, phone: XSS } } })
        : route.continue(),
    );
    await page.goto(`${product.url}/contactus?submailto=3`);
    await page.getByLabel('תוכן הפנייה').fill('אשמח לפרטים על חבילת רכב לסוחרים.');
    await page.getByLabel('דוא"ל').fill('xss.contact@example.co.il');
    await page.getByLabel('טלפון').fill('052-7654321');
    await page.getByRole('button', { name: 'שליחת הפנייה' }).click();
    // The refusal: the field errors are the server's text, literally.
    await expect.poll(() => page.getByText(XSS).count()).toBeGreaterThan(0);
    // Typed again (the shown errors go), sent again: the real answer, and its result popup with the markup.
    await page.getByLabel('תוכן הפנייה').fill('אשמח לפרטים על חבילת רכב לסוחרים, בבקשה.');
    await page.getByLabel('טלפון').fill('052-7654322');
    await page.getByRole('button', { name: 'שליחת הפנייה' }).click();
    const popup = page.getByRole('dialog').filter({ hasText: XSS });
    await popup.waitFor();
    expect(await popup.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});
