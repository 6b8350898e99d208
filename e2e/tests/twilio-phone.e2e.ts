/**
 * Phone verification in Chromium with SMS_PROVIDER=twilio: the product sends through Twilio's adapter to a local
 * Twilio (Prism from Twilio's OpenAPI definition in front of a stateful double, apps/server/test/doubles/twilio).
 * One number is confirmed with the code of the SMS Twilio was asked to send, another by pressing 1 in Twilio's call
 * (the double posts the key, signed as Twilio signs it); the ad is published with them. A forged key press confirms
 * nothing, and the SMS sandbox does not exist beside the real provider.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioDouble, twilioSettingsFor } from '../../apps/server/test/doubles/twilio/double.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { axeViolations, newPage, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { typePhone, uniqueMobile } from './contact-helpers.ts';
import { adValues, atStep, button, draftThroughApi, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

let double: TwilioDouble;
let product: Product;
let browser: Browser;
beforeAll(async () => {
  double = await new TwilioDouble().start();
}, 90_000);
afterAll(async () => {
  await double?.stop();
});
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => twilioSettingsFor(double),
);

const e164 = (phone: string) => `+972${phone.replace(/\D/g, '').slice(1)}`;

/** The newest message or call Twilio was asked for, to a number (polled: the browser's request is on its way). */
async function sent<T>(find: () => T | undefined): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      () => {
        found = find();
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as T;
}

/** A new account with a car ad drafted up to the contact step, open there. */
async function atContactStep(page: Page): Promise<void> {
  await registerThroughApi(page, product.url);
  const { cat, subcat, ...values } = validCarAd();
  await draftThroughApi(page, product.url, { cat, subcat }, values, 4);
  await page.goto(`${product.url}/publish?cat=1&subcat=1&step=5`);
  await atStep(page, 5);
  await settled(page);
}

describe('phone verification through Twilio', () => {
  it('confirms one number by the SMS code and another by pressing 1 in the call, and publishes with them', async () => {
    const page = await newPage(browser, PHONE);
    await atContactStep(page);

    // By SMS: the code Twilio was asked to send, typed into the popup.
    const mobile = uniqueMobile('054');
    await typePhone(page, mobile);
    await openStep(page).getByTestId('phone-send-validPhone1').click();
    const popup = page.getByTestId('phone-code-popup');
    await popup.waitFor();
    const sms = await sent(() => double.lastMessageTo(e164(mobile)));
    expect(sms.from).toBe('Yad2');
    const code = /\d{5}/.exec(sms.body)?.[0] ?? '';
    await popup.getByTestId('phone-code-input').fill(code);
    await popup.getByTestId('phone-code-confirm').click();
    await popup.waitFor({ state: 'detached' });
    await openStep(page).getByTestId('phone-verified-validPhone1').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'twilio-sms-verified-375');

    // By a call, on a second account's number: a forged key press confirms nothing, Twilio's own does.
    const second = await newPage(browser, PHONE);
    await atContactStep(second);
    const other = uniqueMobile('052');
    await typePhone(second, other);
    await openStep(second).getByTestId('phone-send-validPhone1').click();
    const callPopup = second.getByTestId('phone-code-popup');
    await callPopup.waitFor();
    await callPopup.getByTestId('phone-code-call').click();
    await expect.poll(() => callPopup.getByTestId('phone-code-note').textContent()).toMatch(/אנחנו מתקשרים אליכם/);
    const call = await sent(() => double.lastCallTo(e164(other)));
    expect(call.twiml).toContain('<Say language="he-IL">');
    expect((await double.press(call, '1', { token: 'someone-else-s-auth-token-0000' })).status).toBe(403);
    expect((await double.press(call, '1')).status).toBe(200);
    // The popup asks every 5 s whether the call confirmed the number, then closes by itself.
    await callPopup.waitFor({ state: 'detached', timeout: 15_000 });
    await openStep(second).getByTestId('phone-verified-validPhone1').waitFor();
    await second.close();

    // The first ad is published with its confirmed number.
    await button(page, 'פרסום המודעה').click();
    const note = page.getByTestId('saved-note');
    await note.waitFor();
    const orderId = (await note.getAttribute('data-order-id')) ?? '';
    expect((await adValues(page, product.url, orderId)).values).toMatchObject({ validPhone1: mobile });

    // No SMS sandbox beside the real provider, even with the key.
    const sandbox = await page.request.get(`${product.url}/api/sandbox/phones/outbox`, {
      headers: { 'x-sandbox-key': product.sandboxKey },
    });
    expect(sandbox.status()).toBe(404);
    await page.close();
  });
});
