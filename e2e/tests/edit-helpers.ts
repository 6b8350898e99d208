/** Helpers of the edit tests: the demo advertiser and an ad of theirs saved through the API. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { csrfOf } from './wizard-helpers.ts';

/** The demo private advertiser: 050-1234567 is verified for it, so save-ad accepts the ad's contact details. */
export const DEMO_CONTACT = { contactName: 'דנה לוי', validPhone1: '050-1234567' } as const;

export async function loginDemo(page: Page, base: string): Promise<void> {
  const res = await page.request.post(`${base}/api/auth/login`, {
    data: { username: 'private@demo.co.il', password: 'Demo1234' },
    headers: { 'x-csrf-token': await csrfOf(page, base) },
  });
  expect(res.status()).toBe(200);
}

/** Saves an ad (selectors and values) as the page's account, with the demo contact details; its number. */
export async function adThroughApi(page: Page, base: string, values: Record<string, string>): Promise<number> {
  const res = await page.request.post(`${base}/api/publish/save-ad`, {
    data: { ...values, ...DEMO_CONTACT },
    headers: { 'x-csrf-token': await csrfOf(page, base) },
  });
  const orderId = Number((await res.json()).orderID);
  if (!(orderId > 0)) throw new Error(`save-ad answered ${res.status()} ${await res.text()}`);
  return orderId;
}
