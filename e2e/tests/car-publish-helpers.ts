/**
 * A private car with photos published through the wizard, the one way the browser tests do it: the sample plate
 * (טויוטה קורולה 2021), 85,000 km, a price and a description, photos chosen on the media step, the contact step,
 * 'פרסום המודעה', then a track on the plan step: the free one (no auto-bump), or VIP paid by card in the payment
 * sandbox. Each part is its own function, so a test can stop where it looks (the media step, the plan step).
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SERVER_ROUND_TRIP } from '../support/browser.ts';
import { fillCard, SUCCESS_CARD } from '../support/payment-card.ts';
import { fillContact } from './contact-helpers.ts';
import { allUploaded, type PickedFile, photoFile } from './media-helpers.ts';
import { DESCRIPTION, next, openPrivateCar, searchPlate } from './wizard-flow.ts';
import { atStep, button, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

export const CAR_TITLE = 'טויוטה קורולה 2021';

export interface CarAd {
  /** 95000 unless said. */
  price?: string;
  /** The wizard flow's description unless said. */
  description?: string;
}

/** From the car-type step of a private car (open) to its media step, open with nothing chosen. */
export async function carToMediaStep(page: Page, ad: CarAd = {}): Promise<void> {
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText(`מצאנו: ${CAR_TITLE}`).waitFor();
  await settled(page);
  await next(page).click();
  await atStep(page, 2);
  await settled(page);
  await page.getByLabel("קילומטראז'").fill('85000');
  await next(page).click();
  await atStep(page, 3);
  await page.getByLabel('מחיר').fill(ad.price ?? '95000');
  await page.getByLabel('תיאור הרכב').fill(ad.description ?? DESCRIPTION);
  await next(page).click();
  await atStep(page, 4);
  await openStep(page).getByTestId('media-field').waitFor();
}

/** Two photos of the car: a red front (1200 x 900) and a blue back. */
export async function twoCarPhotos(): Promise<PickedFile[]> {
  return [await photoFile('front.jpg', '#c0392b', 1200, 900), await photoFile('back.jpg', '#2980b9')];
}

/** On the media step: the photos chosen and stored, the contact step, 'פרסום המודעה'; the plan step's order id. */
export async function carFromMediaToPlan(page: Page, photos: PickedFile[]): Promise<string> {
  await page.getByTestId('media-input').setInputFiles(photos);
  await allUploaded(page, photos.length);
  return mediaDoneToPlan(page);
}

/** On the media step, its photos done: the contact step, 'פרסום המודעה'; the plan step's order id. */
export async function mediaDoneToPlan(page: Page): Promise<string> {
  await next(page).click();
  await atStep(page, 5);
  await fillContact(page, new URL(page.url()).origin);
  await button(page, 'פרסום המודעה').click();
  await atStep(page, 6);
  const orderId = (await page.getByTestId('saved-note').getAttribute('data-order-id')) ?? '';
  expect(orderId).toMatch(/^\d+$/);
  return orderId;
}

/** A new account's private car with two photos, saved up to its plan step: its order id. */
export async function carWithPhotosToPlan(page: Page, base: string, ad: CarAd = {}): Promise<string> {
  await registerThroughApi(page, base);
  await openPrivateCar(page, base);
  await carToMediaStep(page, ad);
  return carFromMediaToPlan(page, await twoCarPhotos());
}

/** The plan step: the free track, no auto-bump; the finish page with the ad published. */
export async function publishFree(page: Page): Promise<void> {
  await page.getByTestId('plan-step').getByTestId('track-Free').getByRole('button').click();
  await page.getByRole('dialog', { name: 'רוצים שהמודעה תקפוץ לבד?' }).getByRole('button', { name: 'לא תודה' }).click();
  await page.waitForURL((u) => u.pathname === '/finishArea');
  await page.getByTestId('finish-published').waitFor();
}

/**
 * The plan step: VIP, the payment type popup, the card, the sandbox's hosted card page in the popup's frame, back
 * through /finishPayment to the finish page with the ad live.
 */
export async function publishVipByCard(page: Page): Promise<void> {
  const plan = page.getByTestId('plan-step');
  await plan.waitFor();
  await plan.getByTestId('track-VIP').locator('.track__choose').click();
  const type = page.getByRole('dialog', { name: 'איך תרצו לשלם?' });
  await type.waitFor();
  await type.getByTestId('pay-creditCard').click();
  await page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' }).waitFor();
  const frame = page.frameLocator('[data-testid="card-payment-frame"]');
  await fillCard(frame, SUCCESS_CARD);
  await frame.getByRole('button', { name: /לתשלום/ }).click();
  await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
  const finish = page.getByTestId('finish-published');
  await finish.waitFor();
  await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
}
