/**
 * EasyStart's free first week in Chromium, on the product's own server and payment sandbox: the plan step's trial
 * offer accepted, the card popup frames the sandbox's page, which only checks and keeps the card (nothing to pay);
 * the finish page shows the ad live as VIP; /my-ads says when the kept card will be charged and for how much, and
 * the advertiser cancels it there (asked once more): nothing will be charged and the ad returns to the free track
 * at the week's end.
 */
import { findTrack } from '@app/catalog/tracks';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, PHONE, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import { fillCard, SUCCESS_CARD } from '../support/payment-card.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { savedPrivateCar } from './wizard-flow.ts';

const EASY = findTrack({ cat: 1, subcat: 1 }, 'c1-easystart');
let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

async function finishState(page: Page, orderId: number): Promise<Record<string, unknown>> {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/publish/get-finish-page?OrderID=${id}`, { credentials: 'include' });
    return { status: res.status, ...(await res.json()) };
  }, orderId);
}

describe('EasyStart’s free week', () => {
  it('keeps the card without charging it, publishes the ad as VIP, and is cancelled from /my-ads', async () => {
    const page = await newPage(browser, DESKTOP);
    const orderId = await savedPrivateCar(page, product.url);
    const plan = page.getByTestId('plan-step');
    await plan.waitFor();
    await plan.getByTestId('track-EasyStart').locator('.track__choose').click();
    const trial = page.getByRole('dialog', { name: 'שבוע ראשון עלינו!' });
    await trial.waitFor();
    expect(await trial.textContent()).toContain('היום רק מאמתים את הכרטיס ולא מחייבים דבר');
    await trial.getByRole('button', { name: 'כן, אני רוצה את שבוע המתנה' }).click();
    await page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' }).waitFor();
    const frame = page.frameLocator('[data-testid="card-payment-frame"]');
    await frame.getByText('אימות הכרטיס בלבד: לא יבוצע חיוב עכשיו').waitFor();
    await fillCard(frame, SUCCESS_CARD);
    await screenshot(page, 'easy-start-card-1280');
    await frame.getByRole('button', { name: 'לאימות הכרטיס' }).click();

    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    const finish = page.getByTestId('finish-published');
    await finish.waitFor();
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    expect(await finishState(page, orderId)).toMatchObject({ status: 200, state: 'active', adType: 'VIP' });

    // /my-ads on a phone: when the card will be charged, how much, which card; cancelled after a second question.
    const phone = await newPage(browser, PHONE);
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${product.url}/my-ads`);
    const box = phone.locator(`article[data-order-id="${orderId}"]`).getByTestId('my-ad-easy-start');
    await box.waitFor();
    const price = `${((EASY?.amountAgorot ?? 0) / 100).toLocaleString('he-IL')} ₪`;
    expect(await box.textContent()).toContain(`בסך ${price}`);
    expect(await box.textContent()).toContain('המסתיים ב-0000');
    expect(await axeViolations(phone)).toEqual([]);
    await screenshot(phone, 'easy-start-my-ads-375');
    await box.getByRole('button', { name: 'ביטול ההמשך במסלול VIP' }).click();
    await box.getByRole('group', { name: /^לבטל\? לא נחייב את הכרטיס/ }).waitFor();
    expect(await box.getByRole('button', { name: 'כן, לבטל' }).evaluate((b) => b === document.activeElement)).toBe(
      true,
    );
    await box.getByRole('button', { name: 'כן, לבטל' }).click();
    await expect.poll(() => box.getAttribute('data-status')).toBe('cancelled');
    expect(await box.textContent()).toContain('לא נחייב דבר');
    expect(await box.getByRole('button').count()).toBe(0);
    await screenshot(phone, 'easy-start-cancelled-375');
    await phone.close();
    await page.close();
  });
});
