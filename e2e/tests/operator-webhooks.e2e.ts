/**
 * The console's ad-event subscribers in Chromium at 1280 and 390 px: the admin adds a receiver (on this machine: the
 * product runs with the loopback switch, as a local run would), sees its signing secret once, sees it listed as
 * running with what waits for it, and the secret is gone after a reload; pausing it shows it paused with why. Axe finds
 * nothing at either width.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { openSection, operatorSignIn } from './operator-helpers.ts';

const PHONE_390 = { width: 390, height: 844 } as const;

let product: Product;
let browser: Browser;
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => ({ WEBHOOKS_ALLOW_LOOPBACK: 'true' }),
);

let receiver: http.Server;
let receiverUrl = '';
beforeAll(async () => {
  receiver = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('the ad events page', () => {
  it('adds a subscriber, shows its secret once, lists it and pauses it', async () => {
    const admin = await newPage(browser, DESKTOP);
    await operatorSignIn(admin, product.url);
    await openSection(admin, 'אירועים למערכות אחרות');
    const page = admin.getByTestId('webhooks');
    await page.getByRole('heading', { name: 'אירועים למערכות אחרות', level: 2 }).waitFor();
    await page.getByText('אין עדיין מנויים').waitFor();

    // An address of the office network is refused, in Hebrew, and nothing is added.
    await page.getByLabel('הכתובת שמקבלת את האירועים').fill('http://10.0.0.8/hook');
    await page.getByRole('button', { name: 'הוספת המנוי' }).click();
    await page
      .getByRole('alert')
      .getByText(/רשת פנימית/)
      .waitFor();

    await page.getByLabel('הכתובת שמקבלת את האירועים').fill(`${receiverUrl}/yad-events`);
    await page.getByRole('checkbox', { name: 'מודעה נמחקה' }).uncheck();
    await page.getByRole('button', { name: 'הוספת המנוי' }).click();
    const secretBox = page.getByTestId('webhook-secret');
    await secretBox.getByText('זו הפעם היחידה שהסוד מוצג').waitFor();
    const secret = (await secretBox.locator('bdi').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    const row = page.getByTestId('webhooks-table').locator('tbody tr', { hasText: `${receiverUrl}/yad-events` });
    await row.getByText('פעיל', { exact: true }).waitFor();
    await row.getByText(`הסוד מסתיים ב־${secret.slice(-4)}`).waitFor();
    await row.getByText('מודעה עלתה לאוויר, מודעה חיה השתנתה, מודעה הוסתרה, תוקף מודעה הסתיים').waitFor();
    await page.getByRole('status').getByText('המנוי נוסף').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'operator-webhooks-1280');

    // Shown once: a reload lists the subscriber without it.
    await admin.reload();
    await row.waitFor();
    expect(await admin.content()).not.toContain(secret);
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);

    // Paused by the admin: said in the list, with why.
    await row.getByRole('button', { name: 'השהיה' }).click();
    await row.getByText('מושהה', { exact: true }).waitFor();
    await row.getByText('הושהה על ידי מנהל').waitFor();
    await row.getByRole('button', { name: 'חידוש המסירה' }).waitFor();

    // On a phone: another subscriber, its secret and the list, the table scrolling in its own box.
    await admin.setViewportSize(PHONE_390);
    await page.getByLabel('הכתובת שמקבלת את האירועים').fill(`${receiverUrl}/second`);
    await page.getByRole('button', { name: 'הוספת המנוי' }).click();
    await page.getByTestId('webhook-secret').waitFor();
    await page
      .getByTestId('webhooks-table')
      .locator('tbody tr', { hasText: `${receiverUrl}/second` })
      .waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'operator-webhooks-390');
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await admin.close();
  });
});
