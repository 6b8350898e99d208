/**
 * The SMS/voice sandbox page (/sandbox/phones): closed without the sandbox key; with the start-up log's link it shows
 * the code of an SMS and answers a ringing verification call (pressing 1 confirms the number).
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { uniqueMobile } from './contact-helpers.ts';
import { csrfOf, registerThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

describe('the SMS and calls sandbox page', () => {
  it('opens only with the key, shows an SMS code and answers a verification call', async () => {
    const page = await newPage(browser, DESKTOP);
    await registerThroughApi(page, product.url);
    const phone = uniqueMobile('053');
    const headers = { 'x-csrf-token': await csrfOf(page, product.url) };
    const sms = await page.request.post(`${product.url}/api/publish/valid-phone`, { data: { Phone1: phone }, headers });
    expect(sms.status()).toBe(200);

    // Without the key: nothing is shown, only how to open the page.
    const stranger = await newPage(browser, DESKTOP);
    await stranger.goto(`${product.url}/sandbox/phones?to=${phone}`);
    await stranger.getByText('הדף נפתח רק עם מפתח סביבת הבדיקות').waitFor();
    expect(await stranger.getByTestId('outbox-phone').count()).toBe(0);
    await stranger.context().close();

    await page.goto(`${product.url}/sandbox/phones?key=${encodeURIComponent(product.sandboxKey)}&to=${phone}`);
    const items = page.getByTestId('outbox-phone');
    await items.first().waitFor();
    expect(new URL(page.url()).searchParams.has('key')).toBe(false);
    expect(await items.first().textContent()).toMatch(/קוד האימות שלך הוא \d{5}/);

    // A voice call rings; the developer answers it and presses 1: the number is confirmed.
    const call = await page.request.post(`${product.url}/api/publish/send_IVR_confirmation`, {
      data: { Phone1: phone },
      headers,
    });
    expect(call.status()).toBe(200);
    await page.getByRole('button', { name: 'הצגה' }).click();
    const answer = page.getByRole('button', { name: 'מענה לשיחה והקשה על 1' });
    await answer.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'sandbox-phones-1280');
    await answer.click();
    await page.getByText('נענתה').waitFor();
    const check = await page.request.post(`${product.url}/api/publish/valid-phone-check`, {
      data: { Phone1: phone },
      headers,
    });
    expect(await check.json()).toMatchObject({ status: 200, result: 1 });
    await page.context().close();
  });
});
