import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { closeContexts, workerBrowser } from './browser.ts';
import { failureReport } from './failure-report.ts';
import { type Product, startProduct } from './product.ts';

/**
 * One product (production server, fresh embedded database) for a test file and the worker's Chromium
 * (browser.ts, `workerBrowser`): the product started before the file's tests and stopped after them, the file's
 * browser contexts closed after them.
 */
let sandboxKey = '';
/** The sandbox key of the running product of this test file (the SMS outbox of the contact step's helpers). */
export const currentSandboxKey = (): string => sandboxKey;

export function useProductAndBrowser(
  ready: (product: Product, browser: Browser) => void,
  /** Settings of this file's product, asked for when it starts (after the file's own earlier beforeAll). */
  env: () => Record<string, string> = () => ({}),
): void {
  let product: Product | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(env()), workerBrowser()]);
    sandboxKey = product.sandboxKey;
    ready(product, browser);
  });
  // A failed test says what its pages and the server were doing (failure-report.ts).
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') console.error(await failureReport(browser, product?.server.output()));
  });
  afterAll(async () => {
    if (browser) await closeContexts(browser);
    await product?.stop();
  });
}
