/**
 * The gateway on another host (GATEWAY_URL an absolute URL): the page names it in its head, the licence-plate search
 * calls it there across origins (the site on localhost, the gateway on 127.0.0.1: another origin, the same server),
 * the gateway answers the site's origin with CORS, and the site's CSP lets the page call it.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stablePort } from '../../apps/server/test/support/stable-port.ts';
import { newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { searchPlate, select, startPrivateCar } from './wizard-flow.ts';
import { chosenText, settled } from './wizard-helpers.ts';

/** The server's port, named by the gateway's URL before the server starts. */

const port = await stablePort();
const gateway = `http://127.0.0.1:${port}/gateway`;
let product: Product;
let browser: Browser;
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => ({ PORT: String(port), GATEWAY_URL: gateway }),
);

describe('a gateway on another origin', () => {
  it('the plate search calls it there and fills the car', async () => {
    expect(new URL(product.url).hostname).toBe('localhost');
    const page = await newPage(browser, PHONE);
    const gatewayCalls: string[] = [];
    const refused: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/gateway/')) gatewayCalls.push(req.url());
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') refused.push(msg.text());
    });
    await startPrivateCar(page, product.url);
    expect(await page.locator('meta[name="gateway-base"]').getAttribute('content')).toBe(gateway);

    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    expect(await chosenText(select(page, 'יצרן'))).toBe('טויוטה');
    expect(gatewayCalls.some((url) => url.startsWith(`${gateway}/car-data-gov?licensePlate=`))).toBe(true);
    expect(gatewayCalls.filter((url) => !url.startsWith(gateway))).toEqual([]);
    // Neither CORS nor the CSP refused anything.
    expect(refused.filter((text) => /CORS|Content Security Policy/i.test(text))).toEqual([]);
    await page.close();
  });
});
