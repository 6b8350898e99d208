/**
 * /payment, the payment portals (after-save-area.md §2 "Routes"), in Chromium: without a portal name it goes to the
 * index; choose-payment-type opens the payment type popup for the draft's track, and the card paid there finishes
 * on the finish page with the ad live; credit-card opens the card page at once; another account's ad is not found.
 */
import { findTrack } from '@app/catalog/tracks';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, PHONE, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import { fillCard, SUCCESS_CARD } from '../support/payment-card.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { savedPrivateCar } from './wizard-flow.ts';
import { registerThroughApi } from './wizard-helpers.ts';

const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

describe('/payment', () => {
  it('without a portal goes to the index; choose-payment-type pays the draft’s track and finishes live', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${product.url}/payment`);
    await page.waitForURL((u) => u.pathname === '/');

    const orderId = await savedPrivateCar(page, product.url);
    await page.goto(
      `${product.url}/payment?portalName=choose-payment-type&OrderID=${orderId}&adType=VIP&imgSrc=/favicon.svg`,
    );
    await page.getByText(`המסלול שנבחר: ${VIP?.title}`).waitFor();
    const choice = page.getByRole('dialog', { name: 'איך תרצו לשלם?' });
    await choice.waitFor();
    expect(await choice.getByTestId('pay-bit').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'payment-portal-choose-375');
    await choice.getByTestId('pay-creditCard').click();
    await page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' }).waitFor();
    const frame = page.frameLocator('[data-testid="card-payment-frame"]');
    await fillCard(frame, SUCCESS_CARD);
    await frame.getByRole('button', { name: /לתשלום/ }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    const finish = page.getByTestId('finish-published');
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await page.close();
  });

  it('credit-card opens the card page at once; another account’s ad is not found', async () => {
    const page = await newPage(browser, DESKTOP);
    const orderId = await savedPrivateCar(page, product.url);
    await page.goto(`${product.url}/payment?portalName=credit-card&OrderID=${orderId}&adType=VIP`);
    await page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' }).waitFor();
    await page.frameLocator('[data-testid="card-payment-frame"]').getByLabel('מספר כרטיס').waitFor();
    await screenshot(page, 'payment-portal-card-1280');

    await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/payment?portalName=credit-card&OrderID=${orderId}&adType=VIP`);
    await page.getByText('לא מצאנו את המודעה הזאת בחשבון שלך.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
