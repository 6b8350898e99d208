/** Helpers of the edit tests: the demo advertiser and an ad of theirs saved through the API, with its photos. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PickedFile } from './media-helpers.ts';
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

/** Uploads photos to the ad's slots 1, 2, … through the API, in that order (the first is the main photo). */
export async function photosThroughApi(page: Page, base: string, orderId: number, files: PickedFile[]): Promise<void> {
  const headers = { 'x-csrf-token': await csrfOf(page, base) };
  const url = `${base}/api/publish/${orderId}/images`;
  for (const [index, image] of files.entries()) {
    const picNumber = String(index + 1);
    const res = await page.request.post(`${url}/upload`, {
      headers,
      multipart: { OrderID: String(orderId), picNumber, orientation: '1', image },
    });
    expect(res.status()).toBe(200);
  }
  const order = files.map((_, index) => index + 1);
  expect((await page.request.post(`${url}/order`, { headers, data: { order } })).status()).toBe(200);
}
