/**
 * The console's leads in Chromium at 1280 px: an advertiser's trade-in request and a visitor's missing address report
 * show on the פניות page with their owners and details; filtered by kind, one is marked handled from the keyboard and
 * then shows under the handled filter with who handled it; the CSV export opens with its byte-order mark. Axe finds
 * nothing.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { loginDemo } from './edit-helpers.ts';
import { openSection, operatorSignIn } from './operator-helpers.ts';
import { csrfOf } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

describe('the leads page', () => {
  it('lists the leads, filters by kind, marks one handled and exports them', async () => {
    const owner = await newPage(browser, DESKTOP);
    await loginDemo(owner, product.url);
    const headers = { 'x-csrf-token': await csrfOf(owner, product.url) };
    const street = `רחוב הבדיקה ${Date.now() % 100_000}`;
    const reported = await owner.request.post(`${product.url}/api/publish/missing-address`, {
      data: { settlement: 'חיפה', street, houseNumber: '12' },
      headers,
    });
    expect(reported.status()).toBe(200);
    const trade = await owner.request.post(`${product.url}/api/publish/car-trader/trade-in-lead`, {
      data: { name: 'יעל מזרחי', phone: '052-7654321' },
      headers,
    });
    expect(trade.status()).toBe(200);

    const admin = await newPage(browser, DESKTOP);
    await operatorSignIn(admin, product.url);
    await openSection(admin, 'פניות');
    const leads = admin.getByTestId('leads');
    await leads.getByRole('heading', { name: 'פניות', level: 2 }).waitFor();
    const table = leads.getByTestId('leads-table');
    await table.getByText(`רחוב: ${street}`).waitFor();
    await table.getByText('שם: יעל מזרחי').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'operator-leads-1280');

    // Only missing addresses.
    await leads.getByLabel('סוג').selectOption('missing-address');
    await leads.getByRole('button', { name: 'הצגה' }).click();
    await expect.poll(() => table.locator('tbody tr[data-kind="trade-in"]').count()).toBe(0);
    const row = table.locator('tbody tr', { hasText: `רחוב: ${street}` });
    await row.getByText('צוות הקטלוג').waitFor();
    expect(await table.locator('tbody tr:not([data-kind="missing-address"])').count()).toBe(0);

    // Marked handled from the keyboard: the row says by whom, and a screen reader hears it.
    await row.getByRole('button', { name: 'סימון כמטופלת' }).focus();
    await admin.keyboard.press('Enter');
    await row.getByText(/טופלה על ידי מפעיל הדגמה/).waitFor();
    await leads.getByRole('status').getByText('הפנייה סומנה כמטופלת').waitFor();
    expect(await row.getByRole('button', { name: 'סימון כמטופלת' }).count()).toBe(0);

    await leads.getByLabel('מצב').selectOption('handled');
    await leads.getByRole('button', { name: 'הצגה' }).click();
    await expect.poll(() => table.locator('tbody tr[data-kind="missing-address"]').count()).toBeGreaterThan(0);
    await table.getByText(`רחוב: ${street}`).waitFor();
    expect(await axeViolations(admin)).toEqual([]);

    const href = await leads.getByRole('link', { name: 'הורדה כקובץ CSV' }).getAttribute('href');
    expect(href).toBe('/api/operator/leads.csv?kind=missing-address&status=handled');
    const csv = await admin.request.get(`${product.url}${href}`);
    expect(csv.status()).toBe(200);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain(street);
    await Promise.all([owner.close(), admin.close()]);
  });
});
