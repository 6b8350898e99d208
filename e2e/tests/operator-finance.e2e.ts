/**
 * Finance in Chromium: a car paid on the VIP track with the sandbox's test card shows in the console's payments;
 * a refund of it, with a double click on the send button, refunds once (the refunded column says the amount once,
 * the payment's own page lists the one refund with its reason, the audit log has one refund); Back returns from the
 * audit log to the payments, whose day's totals show the payment and its refund. Axe finds nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { axeViolations, DESKTOP, newPage, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import { fillCard, SUCCESS_CARD } from '../support/payment-card.ts';
import type { Product } from '../support/product.ts';
import { pathOf } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { openSection, operatorSignIn } from './operator-helpers.ts';
import { csrfOf } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** A car of the demo advertiser paid on VIP through the sandbox's hosted card page: its number. */
async function paidVipCar(owner: Page): Promise<number> {
  await loginDemo(owner, product.url);
  const id = await adThroughApi(owner, product.url, validCarAd());
  const started = await owner.request.post(`${product.url}/api/publish/finish-page`, {
    data: { CatID: 1, SubCatID: 1, OrderID: id, RecordID: id, pt_hash: 'c1-vip', idempotencyKey: `finance-${id}` },
    headers: { 'x-csrf-token': await csrfOf(owner, product.url) },
  });
  expect(started.status()).toBe(200);
  await owner.goto((await started.json()).merchantPaymentUrl);
  await fillCard(owner, SUCCESS_CARD);
  await owner.getByRole('button', { name: /לתשלום/ }).click();
  await owner.waitForURL((u) => u.origin === new URL(product.url).origin, { timeout: SERVER_ROUND_TRIP });
  return id;
}

describe('finance', () => {
  it('a paid car is refunded once under a double click, and the day adds up', async () => {
    const owner = await newPage(browser, DESKTOP);
    const orderId = await paidVipCar(owner);

    const admin = await newPage(browser, DESKTOP);
    await operatorSignIn(admin, product.url);
    await openSection(admin, 'תשלומים והחזרים');
    const finance = admin.getByTestId('finance');
    await finance.getByLabel('מספר מודעה').fill(String(orderId));
    const row = finance.getByTestId('payments').locator('tbody tr').first();
    // The provider's notification makes it paid within moments: show again until it is.
    await expect
      .poll(
        async () => {
          await finance.getByRole('button', { name: 'הצגה' }).click();
          return (await row.textContent().catch(() => '')) ?? '';
        },
        { timeout: SERVER_ROUND_TRIP },
      )
      .toContain('שולם');
    const amount = (await row.locator('td').nth(3).textContent())?.trim() ?? '';
    expect(amount).toMatch(/₪/);
    expect(await axeViolations(admin)).toEqual([]);

    await row.getByRole('button', { name: 'החזר' }).click();
    const form = row.getByRole('form');
    await form.getByLabel('סיבת ההחזר').fill('הלקוח ביקש לבטל את השדרוג');
    expect(await axeViolations(admin)).toEqual([]);
    await form.getByRole('button', { name: 'ביצוע ההחזר' }).dblclick();
    await row.getByTestId('refund-done').getByText(`ההחזר בוצע: ${amount}`).waitFor();
    await screenshot(admin, 'operator-finance-1280');

    // Shown again: refunded once, the whole amount, and nothing left to refund.
    await finance.getByRole('button', { name: 'הצגה' }).click();
    await expect.poll(async () => (await row.locator('td').nth(4).textContent())?.trim()).toBe(amount);
    expect(await row.getByRole('button', { name: 'החזר' }).count()).toBe(0);

    // The payment's own page, by its link: the refund with its reason, nothing left to refund.
    const publicId = await row.getAttribute('data-payment');
    await row.getByRole('link').click();
    expect(pathOf(admin)).toBe(`/operator/finance/${publicId}`);
    const page = admin.getByTestId('payment-page');
    await page.getByTestId('staff-refunds').getByRole('cell', { name: 'הלקוח ביקש לבטל את השדרוג' }).waitFor();
    expect(await page.getByTestId('staff-refunds').locator('tbody tr').count()).toBe(1);
    await page.getByText('אין מה להחזיר מהתשלום הזה').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'operator-payment-1280');

    await openSection(admin, 'יומן פעולות הצוות');
    const refunds = admin.getByTestId('audit-log').getByRole('cell', { name: 'החזר כספי' });
    await refunds.first().waitFor();
    expect(await refunds.count()).toBe(1);

    // Back: the payment's page, then the payments.
    await admin.goBack();
    await page.waitFor();
    await admin.goBack();
    expect(pathOf(admin)).toBe('/operator/finance');
    const totals = admin.getByTestId('finance-totals');
    await totals.getByRole('button', { name: 'הצגת הסיכום' }).click();
    const sandbox = totals.getByRole('row', { name: /סביבת הדגמה/ });
    await sandbox.waitFor();
    expect(await sandbox.textContent()).toContain(amount);
    await totals.getByRole('row', { name: /מסלול VIP/ }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await Promise.all([admin.close(), owner.close()]);
  });
});
