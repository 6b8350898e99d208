/**
 * Vehicle traders (publish-wizard.md §6 "Trader"): a car dealer (their trade map) without a package of vehicle ads
 * who opens /publish on a car lands on the partner cars site (VEHICLE_PARTNER_URL, another origin: intercepted
 * here, the network is closed), also when they reach it through the chooser's private car; a private customer
 * with istrader=1 in the URL stays in the wizard.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { atStep, registerThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PARTNER = 'https://cars-partner.example.co.il';

/** The partner site answers with a page of its own; every request the page's browser makes to it is listed. */
async function interceptPartner(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.context().route(`${PARTNER}/**`, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="he"></html>' });
  });
  return asked;
}

/** A new account logged in on the page, a trader in these vehicle subcats (no package). */
async function dealer(page: Page): Promise<void> {
  const { email } = await registerThroughApi(page, product.url);
  await product.offline(async (db) => {
    await db.query(`UPDATE customers SET trade = '{"1":{"1":1,"4":1}}'::jsonb WHERE lower(email) = lower($1)`, [email]);
  });
}

describe('a car dealer without a package', () => {
  it('opening /publish?cat=1&subcat=1 lands on the partner cars site', async () => {
    const page = await newPage(browser, DESKTOP);
    const asked = await interceptPartner(page);
    await dealer(page);
    await page.goto(`${product.url}/publish?cat=1&subcat=1`);
    await page.waitForURL((u) => u.origin === PARTNER, { timeout: 20_000 });
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe(`${PARTNER}/create`);
    expect(landed.searchParams.get('subcat')).toBe('1');
    expect(asked).toContain(landed.href);

    // Through the chooser's private car and the sub-category picker: the same.
    const again = await page.context().newPage();
    await again.goto(`${product.url}/publish`);
    await again.getByRole('button', { name: 'להתחיל רכב', exact: true }).click();
    await again.getByRole('dialog').getByRole('button', { name: 'פרטי', exact: true }).click();
    await again.getByTestId('picker-vehicles').getByRole('radio', { name: 'פרטי', exact: true }).click();
    await again.waitForURL((u) => u.origin === PARTNER, { timeout: 20_000 });
    expect(new URL(again.url()).pathname).toBe('/create');
    await page.close();
    await again.close();
  });
});

describe('a private customer', () => {
  it('with istrader=1 in the URL stays in the wizard', async () => {
    const page = await newPage(browser, DESKTOP);
    const asked = await interceptPartner(page);
    await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/publish?cat=1&subcat=1&istrader=1&step=1`);
    await atStep(page, 1);
    expect(new URL(page.url()).origin).toBe(new URL(product.url).origin);
    expect(await page.getByLabel('מספר רישוי').count()).toBe(1);
    expect(asked).toEqual([]);
    await page.close();
  });
});
