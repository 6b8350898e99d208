/**
 * Never charged for nothing (in Chromium, against the production server and its payment sandbox): the customer pays
 * VIP on the hosted card page while publishing the same ad on the free track. The card goes through at the provider
 * but its answer never returns to the app (the popup closed as they paid); the free finish cancels the ad's open
 * session at the provider, finds it paid, and refunds it before answering. The finish page and /my-ads say
 * "התשלום הוחזר", and the provider refunded exactly the VIP amount, once.
 */
import { findTrack } from '@app/catalog/tracks';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardForm, TEST_CARDS } from '../../apps/server/test/support/payment-sandbox.ts';
import { formatPrice } from '../../apps/web/src/shared/format/price.ts';
import { DESKTOP, newPage, PHONE, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { savedPrivateCar } from './wizard-flow.ts';

let product: Product;
let browser: Browser;
/** The 'slow notification' card's notification leaves this long after the payment: the free finish comes first. */
const SLOW_NOTIFY_MS = 8_000;
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  // A tick every 2 s: the held notification is delivered soon after it is due.
  () => ({ PAYMENT_SANDBOX_SLOW_NOTIFY_MS: String(SLOW_NOTIFY_MS), JOB_TICK_MS: '2000' }),
);

const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');

const savedCar = (page: Page) => savedPrivateCar(page, product.url);

interface SandboxSession {
  id: string;
  amountAgorot: number;
  status: string;
  refundedAgorot: number;
}

async function sandboxSession(id: string): Promise<SandboxSession | undefined> {
  const res = await fetch(`${product.url}/api/sandbox/payments/sessions`, {
    headers: { 'x-sandbox-key': product.sandboxKey },
  });
  return ((await res.json()) as { sessions: SandboxSession[] }).sessions.find((s) => s.id === id);
}

describe('a VIP card payment that loses the race to a free finish', () => {
  it('is refunded automatically, and the finish page and /my-ads say "התשלום הוחזר"', async () => {
    const amount = VIP?.amountAgorot ?? 0;
    expect(amount).toBeGreaterThan(0);
    const page = await newPage(browser, PHONE);
    const orderId = await savedCar(page);
    const plan = page.getByTestId('plan-step');
    await plan.waitFor();
    await plan.getByTestId('track-VIP').locator('.track__choose').click();
    await page.getByRole('dialog', { name: 'איך תרצו לשלם?' }).getByTestId('pay-creditCard').click();
    const cardPopup = page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' });
    await cardPopup.waitFor();
    await page.frameLocator('[data-testid="card-payment-frame"]').getByLabel('מספר כרטיס').waitFor();
    const hostedUrl = (await page.getByTestId('card-payment-frame').getAttribute('src')) ?? '';
    const sessionId = new URL(hostedUrl).pathname.split('/')[2] ?? '';

    // The card form is sent (as the frame sends it) and the provider charges it; the frame's return never reaches us,
    // and the provider's notification leaves only after the customer has published on the free track (the slow card).
    const charged = await fetch(hostedUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cardForm({ cardNumber: TEST_CARDS.slow }),
      redirect: 'manual',
    });
    expect(charged.status).toBe(303);
    expect((await sandboxSession(sessionId))?.status).toBe('paid');

    // The customer closes the card popup and publishes the ad on the free track.
    await cardPopup.getByRole('button', { name: 'סגירה' }).click();
    await plan.getByTestId('track-Free').locator('.track__choose').click();
    await page
      .getByRole('dialog', { name: 'רוצים שהמודעה תקפוץ לבד?' })
      .getByRole('button', { name: 'לא תודה' })
      .click();

    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    const finish = page.getByTestId('finish-published');
    await finish.waitFor();
    const refund = finish.getByTestId('finish-refund');
    await refund.waitFor();
    expect(await refund.getAttribute('data-refund')).toBe('refunded');
    expect(await refund.textContent()).toBe(
      `התשלום הוחזר: ${formatPrice(amount)} הוחזרו לאמצעי התשלום, כי המודעה פורסמה בלי התשלום הזה.`,
    );
    await expect.poll(() => finish.getAttribute('data-state')).toBe('active');
    // A refunded payment is no payment of the ad: the timeline has no 'paid' step.
    expect(await finish.locator('[data-step="paid"]').count()).toBe(0);
    await screenshot(page, 'payment-refund-finish-375');

    // The provider's side: the session paid, and refunded exactly the VIP amount.
    expect(await sandboxSession(sessionId)).toMatchObject({
      status: 'paid',
      amountAgorot: amount,
      refundedAgorot: amount,
    });

    await page.goto(`${product.url}/my-ads`);
    const row = page.locator(`article[data-order-id="${orderId}"]`);
    const note = row.getByTestId('my-ad-refund');
    await note.waitFor();
    expect(await note.getAttribute('data-refund')).toBe('refunded');
    expect(await note.textContent()).toMatch(/^התשלום הוחזר: /);
    expect(await row.locator('.my-ad__status').textContent()).toBe('באוויר');
    await screenshot(page, 'payment-refund-my-ads-375');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'payment-refund-my-ads-1280');
    await page.close();
  });
});
