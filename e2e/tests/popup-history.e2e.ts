/**
 * The popups' history entries (spec §2 "Popups": a popup closes on browser back) against the app's own navigations,
 * in Chromium against the production server: a navigation asked for while a closed popup's entry is being popped
 * lands after the pop (apps/web/src/shared/routing/history.ts, shared/popups/popupHistory.ts). The other cases are in the flows that
 * meet them: the auto-bump offer declined (plan-step.e2e.ts) and the card popup on /my-ads (packages-my-ads.e2e.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** The popup marker of the current history entry (undefined on a page entry). */
const marker = (page: Page) =>
  page.evaluate(() => (history.state as { usr?: { __popup?: string } } | null)?.usr?.__popup);

/**
 * Makes the race of CI certain: the moment the page starts popping a history entry (history.back/go, or the
 * Navigation API's back), it clicks an in-app link, as a flow that navigates right after closing a popup does when
 * its next step is quick. Once only.
 */
async function navigateWhenThePopStarts(page: Page, linkSelector: string): Promise<void> {
  await page.evaluate((selector) => {
    const w = window as unknown as { __navigatedDuringPop?: boolean; Navigation?: { prototype: { back: unknown } } };
    const follow = () => {
      if (w.__navigatedDuringPop) return;
      w.__navigatedDuringPop = true;
      (document.querySelector(selector) as HTMLElement).click();
    };
    const wrap = (proto: Record<string, unknown>, name: string) => {
      const original = proto[name] as (...args: unknown[]) => unknown;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        const result = original.apply(this, args);
        follow();
        return result;
      };
    };
    wrap(History.prototype as unknown as Record<string, unknown>, 'back');
    wrap(History.prototype as unknown as Record<string, unknown>, 'go');
    if (w.Navigation) wrap(w.Navigation.prototype as Record<string, unknown>, 'back');
  }, linkSelector);
}

describe('popup history entries', () => {
  it('a navigation made while a closed popup pops its entry lands after the pop; one Back returns under the popup', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${product.url}/publish`);
    await page.locator('.topbar__login').click();
    const login = page.getByRole('dialog', { name: 'התחברות' });
    await login.waitFor();
    expect(await marker(page)).toBeTruthy();

    await navigateWhenThePopStarts(page, 'a.topbar__link[href="/contactus"]');
    await login.getByRole('button', { name: 'סגירה' }).first().click();
    await login.waitFor({ state: 'detached' });
    await page.waitForFunction(() => (window as { __navigatedDuringPop?: boolean }).__navigatedDuringPop === true);
    // Without the store's queue the pop, issued before the push, is applied after it: back on /publish.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contactus');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(new URL(page.url()).pathname).toBe('/contactus');
    expect(await marker(page)).toBeUndefined();

    // The popup's entry is gone: one Back shows /publish as it was under the popup, without a popup entry.
    await page.evaluate(() => history.back());
    await expect.poll(() => new URL(page.url()).pathname).toBe('/publish');
    expect(await marker(page)).toBeUndefined();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
