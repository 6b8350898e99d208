/** The private-car flow of the wizard's browser tests: the car-type step's fields and the way to a saved ad. */

import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SERVER_ROUND_TRIP } from '../support/browser.ts';
import { fillContact } from './contact-helpers.ts';
import { atStep, button, checkScreen, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

export const plate = (page: Page) => page.getByLabel('מספר רישוי');
export const select = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });
/** A radio of a labelled group in the open step. */
export const radio = (page: Page, group: string, name: string) =>
  openStep(page).getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true });
export const next = (page: Page) => button(page, 'המשך');

/** A new account, on the car-type step of a private car (through the chooser and the picker). */
export async function startPrivateCar(page: Page, base: string): Promise<void> {
  await registerThroughApi(page, base);
  await openPrivateCar(page, base);
}

/** The account logged in now, on the car-type step of a private car (through the chooser and the picker). */
export async function openPrivateCar(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/publish`);
  await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'פרטי', exact: true }).click();
  await page.getByTestId('picker-vehicles').getByRole('radio', { name: 'פרטי', exact: true }).click();
  await atStep(page, 1);
  await settled(page);
}

export async function searchPlate(page: Page, digits: string): Promise<void> {
  await plate(page).fill(digits);
  await button(page, 'חיפוש').click();
}

export const DESCRIPTION = 'רכב שמור מאוד, טיפולים במוסך מורשה בלבד, צמיגים חדשים ומזגן חזק.';

/**
 * After 'המשך' on the car-type step of a car the account may have published before: the double-ad suggestion,
 * when it shows, is answered with a new ad.
 */
export async function passDoubleAd(page: Page): Promise<void> {
  const moved = page
    .waitForURL((u) => u.searchParams.get('step') === '2', { timeout: SERVER_ROUND_TRIP })
    .then(
      () => 'moved' as const,
      () => 'timeout' as const,
    );
  const goOn = page.getByRole('dialog').getByRole('button', { name: 'המשך בפרסום מודעה חדשה' });
  const shown = goOn.waitFor({ timeout: SERVER_ROUND_TRIP }).then(
    () => 'shown' as const,
    () => 'timeout' as const,
  );
  if ((await Promise.race([moved, shown])) === 'shown') await goOn.click();
}

/**
 * From the car-type step (filled) to the saved ad; returns its order id ('' with another description). `repeatCar`:
 * the account may have published this car before (its double-ad suggestion is answered with a new ad).
 */
export async function finishFromCarType(
  page: Page,
  shots?: string,
  description = DESCRIPTION,
  repeatCar = false,
  /** On the contact step, filled, just before 'פרסום המודעה' (a campaign ticked there). */
  beforePublish?: (page: Page) => Promise<void>,
): Promise<string> {
  await next(page).click();
  if (repeatCar) await passDoubleAd(page);
  await atStep(page, 2);
  await settled(page);
  await page.getByLabel("קילומטראז'").fill('85000');
  await expect.poll(() => page.getByLabel("קילומטראז'").inputValue()).toBe('85,000');
  if (shots) await checkScreen(page, `wizard-car-properties-${shots}`);
  await next(page).click();
  await atStep(page, 3);
  await page.getByLabel('מחיר').fill('95000');
  await page.getByLabel('תיאור הרכב').fill(description);
  if (shots) await checkScreen(page, `wizard-sale-${shots}`);
  await next(page).click();
  await atStep(page, 4);
  await openStep(page).getByTestId('media-field').waitFor();
  if (shots) await checkScreen(page, `wizard-media-${shots}`);
  await next(page).click();
  await atStep(page, 5);
  await fillContact(page, new URL(page.url()).origin);
  if (shots) await checkScreen(page, `wizard-login-${shots}`);
  if (beforePublish) await beforePublish(page);
  await button(page, 'פרסום המודעה').click();
  if (description !== DESCRIPTION) return '';
  await atStep(page, 6);
  const note = page.getByTestId('saved-note');
  await note.waitFor();
  expect(await note.textContent()).toMatch(/המודעה נשמרה \(מספר מודעה \d+\)/);
  if (shots) await checkScreen(page, `wizard-plan-${shots}`);
  return (await note.getAttribute('data-order-id')) ?? '';
}

/** After a step change the open step's heading has the focus: a keyboard user goes on from there. */
export async function atStepByKeyboard(page: Page, step: number): Promise<void> {
  await atStep(page, step);
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-step-heading') === true);
}

/** A private car (the sample plate) saved up to its plan step by a new account: its order id. */
export async function savedPrivateCar(page: Page, url: string): Promise<number> {
  await startPrivateCar(page, url);
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
  const id = Number(await finishFromCarType(page));
  expect(id).toBeGreaterThan(0);
  return id;
}
