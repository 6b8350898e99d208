/**
 * Campaigns in the publish wizard, in Chromium against the production server: a campaign shows on its step while
 * the car meets its conditions, the ticked ones are sent with campaign/save after the ad is saved, and a failing
 * campaign/save never stops the way to the finish page.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { finishFromCarType, next, searchPlate, select, startPrivateCar } from './wizard-flow.ts';
import { atStep, checkScreen, openStep, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const toyotaCard = (page: Page) => openStep(page).getByTestId('campaign-toyota-check');
const insuranceCard = (page: Page) => openStep(page).getByTestId('campaign-car-insurance');
const optIn = (card: ReturnType<typeof toyotaCard>) => card.getByRole('checkbox');
const campaignPlate = (page: Page) => openStep(page).getByLabel('מספר הרישוי של הרכב', { exact: true });

/** The bodies of the campaign/save calls the page makes. */
function campaignCalls(page: Page): Record<string, unknown>[] {
  const calls: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/publish/campaign/save') {
      calls.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return calls;
}

/** A private Toyota found by its plate, on the car-type step. */
async function toyotaOnCarType(page: Page): Promise<void> {
  await startPrivateCar(page, product.url);
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
}

describe('campaigns in the wizard', () => {
  it("shows the Toyota campaign on the car's step, asks for a valid plate, and sends the ticked leads after the save", async () => {
    const page = await newPage(browser, DESKTOP);
    const calls = campaignCalls(page);
    await toyotaOnCarType(page);
    const card = toyotaCard(page);
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toBe('בדיקה מקיפה במתנה לבעלי טויוטה');
    expect(await card.getByRole('img', { name: 'בדיקת טויוטה' }).isVisible()).toBe(true);
    // The car insurance has no condition: it waits for the save step.
    expect(await insuranceCard(page).count()).toBe(0);

    await optIn(card).check();
    // The plate searched is offered as the campaign's plate; a wrong one keeps the step with the spec's error.
    expect(await campaignPlate(page).inputValue()).toBe(SAMPLE_PLATES.privateCar);
    await campaignPlate(page).fill('123456');
    await next(page).click();
    await card.getByText('יש להכניס מספר רישוי תקני').waitFor();
    await expect.poll(() => campaignPlate(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await campaignPlate(page).getAttribute('aria-invalid')).toBe('true');
    await atStep(page, 1);
    await checkScreen(page, 'wizard-campaign-plate-desktop');
    await campaignPlate(page).fill('7675153');
    expect(await card.getByText('יש להכניס מספר רישוי תקני').count()).toBe(0);

    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/publish/campaign/save');
    const orderId = await finishFromCarType(page, undefined, undefined, false, async (p) => {
      const insurance = insuranceCard(p);
      await insurance.waitFor();
      await optIn(insurance).check();
    });
    expect((await answer).status()).toBe(200);
    expect(await (await answer).json()).toEqual({ status: 200, saved: 2 });
    expect(calls).toEqual([
      { orderID: Number(orderId), campaigns: ['car-insurance', 'toyota-check'], registrationPlate: '7675153' },
    ]);
    await page.close();
  });

  it('a campaign whose condition stops holding disappears and is no longer ticked; nothing ticked sends nothing', async () => {
    const page = await newPage(browser, PHONE);
    const calls = campaignCalls(page);
    await startPrivateCar(page, product.url);
    // The make chosen by hand is enough for the Toyota campaign.
    await expect.poll(() => toyotaCard(page).count()).toBe(0);
    await select(page, 'יצרן').selectOption({ label: 'טויוטה' });
    await settled(page);
    await optIn(toyotaCard(page)).check();
    await campaignPlate(page).fill(SAMPLE_PLATES.privateCar);
    await checkScreen(page, 'wizard-campaign-phone');
    // The plate of a Mazda: the make changes, the card goes and its tick with it.
    await searchPlate(page, SAMPLE_PLATES.oldPrivateCar);
    await page.getByText(/מצאנו: מאזדה/).waitFor();
    await expect.poll(() => toyotaCard(page).count()).toBe(0);
    await select(page, 'יצרן').selectOption({ label: 'טויוטה' });
    await settled(page);
    expect(await optIn(toyotaCard(page)).isChecked()).toBe(false);
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    expect(await optIn(toyotaCard(page)).isChecked()).toBe(false);
    await finishFromCarType(page);
    await page.getByTestId('plan-step').waitFor();
    // The contact step offered the car insurance, not ticked: nothing to send.
    expect(calls).toEqual([]);
    await page.close();
  });

  it('a failing campaign/save is swallowed: the plan step and the finish page follow', async () => {
    const page = await newPage(browser, DESKTOP);
    const calls = campaignCalls(page);
    await page.route('**/api/publish/campaign/save', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }),
    );
    await toyotaOnCarType(page);
    await finishFromCarType(page, undefined, undefined, false, async (p) => {
      await optIn(insuranceCard(p)).check();
    });
    expect(calls).toHaveLength(1);
    const plan = page.getByTestId('plan-step');
    await plan.waitFor();
    await plan.getByTestId('track-Free').getByRole('button').click();
    const offer = page.getByRole('dialog', { name: 'רוצים שהמודעה תקפוץ לבד?' });
    await offer.getByRole('button', { name: 'לא תודה', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea');
    await page.getByTestId('finish-published').waitFor();
    await page.close();
  });
});
