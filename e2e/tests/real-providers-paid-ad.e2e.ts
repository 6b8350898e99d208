/**
 * A paid ad in Chromium on the real providers' adapters, each pointed at its local double: the phone is confirmed
 * with the code of the SMS Twilio was asked to send (SMS_PROVIDER=twilio, Prism and Twilio's definition in front of
 * the Twilio double), then VIP is paid by card on PayPlus's hosted page in the plan step's popup
 * (PAYMENT_PROVIDER=payplus, the PayPlus double): the frame comes back through our return URL to the finish page with
 * the ad live, paid the VIP amount once at PayPlus. A forged PayPlus callback is refused, and no payment sandbox
 * exists beside PayPlus.
 */
import { findTrack } from '@app/catalog/tracks';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYPLUS_TEST_CARDS,
  PayPlusDouble,
  payplusSettingsFor,
} from '../../apps/server/test/doubles/payplus/double.ts';
import { TwilioDouble, twilioSettingsFor } from '../../apps/server/test/doubles/twilio/double.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { axeViolations, newPage, PHONE, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { typePhone, uniqueMobile } from './contact-helpers.ts';
import { atStep, button, draftThroughApi, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
let twilio: TwilioDouble;
let payplus: PayPlusDouble;
let product: Product;
let browser: Browser;
beforeAll(async () => {
  [twilio, payplus] = await Promise.all([new TwilioDouble().start(), new PayPlusDouble().start()]);
}, 90_000);
afterAll(async () => {
  await Promise.all([twilio?.stop(), payplus?.stop()]);
});
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => ({ ...twilioSettingsFor(twilio), ...payplusSettingsFor(payplus) }),
);

const e164 = (phone: string) => `+972${phone.replace(/\D/g, '').slice(1)}`;

/** The newest SMS Twilio was asked to send to a number (polled: the browser's request is on its way). */
async function smsTo(phone: string): Promise<string> {
  await expect.poll(() => twilio.lastMessageTo(e164(phone)) !== undefined, { timeout: 10_000 }).toBe(true);
  return twilio.lastMessageTo(e164(phone))?.body ?? '';
}

async function finishState(page: Page, orderId: string) {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/publish/get-finish-page?OrderID=${id}`, { credentials: 'include' });
    return { status: res.status, ...(await res.json()) } as Record<string, unknown>;
  }, orderId);
}

describe('a paid ad on Twilio and PayPlus', () => {
  it('confirms the phone by Twilio’s SMS and pays VIP on PayPlus’s hosted page: the ad is live, charged once', async () => {
    const page = await newPage(browser, PHONE);
    await registerThroughApi(page, product.url);
    const { cat, subcat, ...values } = validCarAd();
    await draftThroughApi(page, product.url, { cat, subcat }, values, 4);
    await page.goto(`${product.url}/publish?cat=1&subcat=1&step=5`);
    await atStep(page, 5);
    await settled(page);

    const mobile = uniqueMobile('054');
    await typePhone(page, mobile);
    await openStep(page).getByTestId('phone-send-validPhone1').click();
    const popup = page.getByTestId('phone-code-popup');
    await popup.waitFor();
    const code = /\d{5}/.exec(await smsTo(mobile))?.[0] ?? '';
    await popup.getByTestId('phone-code-input').fill(code);
    await popup.getByTestId('phone-code-confirm').click();
    await popup.waitFor({ state: 'detached' });
    await openStep(page).getByTestId('phone-verified-validPhone1').waitFor();
    await button(page, 'פרסום המודעה').click();

    // The plan step: VIP, by card, PayPlus's page in the popup's frame.
    const plan = page.getByTestId('plan-step');
    await plan.waitFor({ timeout: 20_000 });
    await plan.getByTestId('track-VIP').locator('.track__choose').click();
    const type = page.getByRole('dialog', { name: 'איך תרצו לשלם?' });
    await type.waitFor();
    await type.getByTestId('pay-creditCard').click();
    await page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' }).waitFor();
    const frameElement = page.locator('[data-testid="card-payment-frame"]');
    expect(new URL((await frameElement.getAttribute('src')) ?? '').origin).toBe(payplus.origin);
    const frame = page.frameLocator('[data-testid="card-payment-frame"]');
    await frame.getByLabel('מספר כרטיס').fill(PAYPLUS_TEST_CARDS.approved);
    await frame.getByLabel('תוקף (חודש/שנה)').fill('12/30');
    await frame.getByLabel('קוד אבטחה').fill('123');
    await frame.getByLabel('תעודת זהות').fill('000000018');
    await screenshot(page, 'payplus-card-page-375');
    await frame.getByRole('button', { name: /לתשלום/ }).click();

    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    const finish = page.getByTestId('finish-published');
    await finish.waitFor();
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'payplus-finish-375');
    const id = new URL(page.url()).searchParams.get('OrderID') ?? '';
    const state = await finishState(page, id);
    expect(state).toMatchObject({ status: 200, state: 'active', adType: 'VIP', paidAgorot: VIP?.amountAgorot });
    // PayPlus's side: one approved charge of the VIP amount in shekels, its callback accepted.
    const charges = [...payplus.transactions.values()].filter((x) => x.type === 'charge' && x.statusCode === '000');
    expect(charges.map((x) => x.amount)).toEqual([(VIP?.amountAgorot ?? 0) / 100]);
    expect(payplus.callbacks.map((c) => c.status)).toEqual([200]);

    // A forged callback (signed with another key) is refused; the payment sandbox does not exist beside PayPlus.
    const forged = await payplus.post(
      `${product.url}/api/payments/notify`,
      payplus.callbacks[0]?.body ?? '',
      'forged-key-0000',
    );
    expect(forged.status).toBe(400);
    const sandbox = await page.request.get(`${product.url}/api/sandbox/payments/sessions`, {
      headers: { 'x-sandbox-key': product.sandboxKey },
    });
    expect(sandbox.status()).toBe(404);
    await page.close();
  });
});
