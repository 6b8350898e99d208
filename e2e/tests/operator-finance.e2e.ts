/**
 * Finance in Chromium: a car paid on the VIP track with the sandbox's test card shows in the console's payments;
 * a refund of it, with a double click on the send button, refunds once (the refunded column says the amount once,
 * the audit log has one refund); the day's totals show the payment and its refund. Axe finds nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import { fillCard, SUCCESS_CARD } from '../support/payment-card.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { operatorSignIn } from './operator-helpers.ts';
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
  await owner.waitForURL((u) => u.origin === new URL(product.url).origin, { timeout: 30_000 });
  return id;
}

describe('finance', () => {
  it('a paid car is refunded once under a double click, and the day adds up', async () => {
    const owner = await newPage(browser, DESKTOP);
    const orderId = await paidVipCar(owner);

    const admin = await newPage(browser, DESKTOP);
    await operatorSignIn(admin, product.url);
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
        { timeout: 30_000 },
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
    await admin.reload();
    const refunds = admin.getByTestId('audit-log').getByRole('cell', { name: 'החזר כספי' });
    await refunds.first().waitFor();
    expect(await refunds.count()).toBe(1);

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
