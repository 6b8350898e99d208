/**
 * The wizard's fields answer in Chromium's own HTTP cache: the server sends it with an ETag and
 * `Cache-Control: private, no-cache`, and the web app fetches it without overriding the cache, so a reload asks
 * again with If-None-Match, the server answers 304 without a body, and the step shows the kept answer.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { startPrivateCar } from './wizard-flow.ts';
import { atStep, openStep, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** One fields call as it went over the wire (raw request and response headers, from the DevTools protocol). */
interface Exchange {
  url: string;
  ifNoneMatch: string | undefined;
  status: number;
  etag: string | undefined;
}

describe('the fields answer in the browser cache', () => {
  it('a reload asks again with the ETag it was given, gets 304, and shows the same step', async () => {
    const page = await newPage(browser, DESKTOP);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // The protocol's events of one request may come in any order: joined by request id once they are all in.
    const urls = new Map<string, string>();
    const requestHeaders = new Map<string, Record<string, string>>();
    const responses = new Map<string, { status: number; headers: Record<string, string> }>();
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    cdp.on('Network.requestWillBeSentExtraInfo', (event) =>
      requestHeaders.set(event.requestId, event.headers as Record<string, string>),
    );
    cdp.on('Network.responseReceivedExtraInfo', (event) =>
      responses.set(event.requestId, { status: event.statusCode, headers: event.headers as Record<string, string> }),
    );
    const header = (headers: Record<string, string> | undefined, name: string) =>
      Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
    const fieldsCalls = (): Exchange[] =>
      [...urls]
        .filter(([id, url]) => url.includes('/api/publish/fields?') && responses.has(id) && requestHeaders.has(id))
        .map(([id, url]) => ({
          url,
          ifNoneMatch: header(requestHeaders.get(id), 'if-none-match'),
          status: responses.get(id)?.status ?? 0,
          etag: header(responses.get(id)?.headers, 'etag'),
        }));

    // A customer on the car-type step of a private car (the wizard asks for the selection's fields).
    await startPrivateCar(page, product.url);
    const stepTitle = await openStep(page).first().getByRole('heading').first().textContent();
    expect(stepTitle).toBeTruthy();
    const carFields = () => fieldsCalls().filter((call) => new URL(call.url).search === '?cat=1&subcat=1');
    await expect.poll(() => carFields().length).toBeGreaterThan(0);
    const given = carFields().map((call) => call.etag);
    expect(carFields()[0]).toMatchObject({ status: 200, ifNoneMatch: undefined });
    expect(given[0]).toMatch(/^"[\w-]+"$/);
    const before = carFields().length;

    await page.reload();
    await atStep(page, 1);
    await settled(page);
    await expect.poll(() => carFields().length).toBeGreaterThan(before);
    const again = carFields().at(-1) as Exchange;
    expect(given).toContain(again.ifNoneMatch);
    // No body came: the answer is the one kept, and the 304 names it.
    expect(again).toMatchObject({ status: 304, etag: again.ifNoneMatch });
    expect(await openStep(page).first().getByRole('heading').first().textContent()).toBe(stepTitle);
    await page.close();
  });
});
