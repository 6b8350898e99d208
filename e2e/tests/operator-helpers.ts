/**
 * The console's demo operator (an admin: every role's screens), signed in with its password and TOTP code; other
 * staff set up through the API; the console's navigation; cars held for review.
 */
import type { StaffRole } from '@app/contract/operator';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { adThroughApi } from './edit-helpers.ts';
import { csrfOf } from './wizard-helpers.ts';

/** The demo operator the server seeds and prints at start (SEED_DEMO). */
export const OPERATOR = {
  email: 'operator@demo.co.il',
  password: 'Operator123',
  secret: 'KRUGS4ZANFZSAYJAMRSW233POBSXEYLUN5ZA',
};
/** The authenticator's code of `secret` now, or at `timestamp` (ms). */
export const codeOf = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

/**
 * The last 30-second step whose code this file used, per secret: the server takes a code of the step before, this or
 * the next one (its window), and only of a step later than the account's last.
 */
const usedSteps = new Map<string, number>();

/**
 * A code the server takes now: this step's, or the next step's when this one's was used (so a second sign-in within
 * half a minute does not wait for the clock); it waits only when the next step's was used too.
 */
export async function freshCode(secret: string): Promise<string> {
  const step = () => Math.floor(Date.now() / 30_000);
  let chosen = Math.max(step(), (usedSteps.get(secret) ?? -1) + 1);
  if (chosen > step() + 1) {
    await new Promise((r) => setTimeout(r, (chosen - 1) * 30_000 - Date.now() + 50));
    chosen = Math.max(step(), chosen);
  }
  usedSteps.set(secret, chosen);
  return codeOf(secret, chosen * 30_000 + 1);
}

export async function operatorSignIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/operator`);
  await page.getByRole('heading', { name: 'כניסת צוות', level: 1 }).waitFor();
  await page.getByLabel('דוא"ל').fill(OPERATOR.email);
  await page.getByLabel('סיסמה').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByLabel('קוד מהאפליקציה').fill(await freshCode(OPERATOR.secret));
  await page.getByRole('button', { name: 'כניסה', exact: true }).click();
  await page.getByText('שלום מפעיל הדגמה').waitFor();
}

/** Opens a section from the console's navigation: on a phone its menu button opens the list first. */
export async function openSection(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'אזורי המסוף' });
  const menu = nav.getByRole('button', { name: /^תפריט/ });
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name, exact: true }).click();
}

/** Posts to the API as the page's context, with its CSRF token. */
async function post(page: Page, base: string, path: string, data: unknown) {
  return page.request.post(`${base}${path}`, { data, headers: { 'x-csrf-token': await csrfOf(page, base) } });
}

/**
 * A staff member of `role` invited by the signed-in admin and set up through the API (password, authenticator,
 * recovery codes): `member`'s context is then signed in as them.
 */
export async function staffThroughApi(admin: Page, member: Page, base: string, role: StaffRole): Promise<void> {
  const email = `${role}-${Date.now()}@example.co.il`;
  const invited = await post(admin, base, '/api/operator/staff', { email, name: 'נועם בקרה', role });
  expect(invited.status()).toBe(200);
  const token = new URL((await invited.json()).setupLink).searchParams.get('token');
  expect((await post(member, base, '/api/operator/setup', { token, password: 'Member1234' })).status()).toBe(200);
  const { secret } = await (await post(member, base, '/api/operator/enrolment/start', {})).json();
  expect((await post(member, base, '/api/operator/enrolment/confirm', { code: codeOf(secret) })).status()).toBe(200);
}

/** Every car ad waits for a moderator from now on (the admin's rules, through the API). */
export async function holdCars(admin: Page, base: string): Promise<void> {
  const { rules, words } = await (await admin.request.get(`${base}/api/operator/moderation/rules`)).json();
  const categories = [...rules.categories, { cat: 1, subcat: null }];
  expect(
    (await post(admin, base, '/api/operator/moderation/rules', { rules: { ...rules, categories }, words })).status(),
  ).toBe(200);
}

/** A car of the demo advertiser, saved and finished on the free track through the API: its number. */
export async function freeCar(owner: Page, base: string, description: string): Promise<number> {
  const id = await adThroughApi(owner, base, { ...validCarAd(), description });
  const res = await post(owner, base, '/api/publish/finish-publish', {
    CatID: 1,
    SubCatID: 1,
    OrderID: id,
    RecordID: id,
    orderType: 'Free',
    order_subscribe: 0,
  });
  expect(res.status()).toBe(200);
  return id;
}
