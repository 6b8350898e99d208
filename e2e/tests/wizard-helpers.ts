/** Helpers of the wizard's browser tests: accounts through the API, the steps, keyboard-only moves. */
import type { Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, SERVER_ROUND_TRIP, screenshot, screenshotsWanted } from '../support/browser.ts';

let accounts = 0;

/** The CSRF token of the page's browser context (the cookie the server sets on any call). */
export async function csrfOf(page: Page, base: string): Promise<string> {
  await page.request.get(`${base}/api/auth/customer`);
  const cookies = await page.context().cookies(base);
  return cookies.find((c) => c.name === 'csrf')?.value ?? '';
}

/** Registers a new account through the API (the browser context is then logged in as it). */
export async function registerThroughApi(page: Page, base: string): Promise<{ email: string; password: string }> {
  accounts += 1;
  const email = `wizard.${Date.now()}.${accounts}@example.co.il`;
  const password = 'Wizard1234';
  const res = await page.request.post(`${base}/api/auth/register`, {
    data: { username: email, password, passwordAgain: password, firstname: 'נועה', lastname: 'ישראלי' },
    headers: { 'x-csrf-token': await csrfOf(page, base) },
  });
  if (res.status() !== 200) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return { email, password };
}

/** The ad's values as its owner's edit call returns them (GET /api/publish/fields/{id}). */
export async function adValues(page: Page, base: string, orderId: string) {
  const res = await page.request.get(`${base}/api/publish/fields/${orderId}`);
  return { status: res.status(), values: ((await res.json()) as { values?: Record<string, unknown> }).values };
}

/** POST save-ad/{id} through the API (with the CSRF header). */
export async function saveAdThroughApi(page: Page, base: string, orderId: string, body: Record<string, unknown>) {
  const res = await page.request.post(`${base}/api/publish/save-ad/${orderId}`, {
    data: body,
    headers: { 'x-csrf-token': await csrfOf(page, base) },
  });
  return res.status();
}

export const stepItem = (page: Page, area: string): Locator => page.getByTestId(`step-${area}`);
export const openStep = (page: Page): Locator => page.locator('li.step--open[data-step-index]');
export const button = (page: Page, name: string): Locator => page.getByRole('button', { name, exact: true });

/** Waits until the URL is at a step. */
export async function atStep(page: Page, step: number): Promise<void> {
  // A step change waits for the server's check-step (and the reminders' calls): on a loaded CI machine with
  // many browsers that takes longer than the default 10 s now and then.
  await page.waitForURL((u) => u.searchParams.get('step') === String(step), { timeout: SERVER_ROUND_TRIP });
  await openStep(page).first().waitFor();
}

/** The open step has finished loading its option lists (no select or group is busy). */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 8000 }).toBe(0);
}

/** Screenshot from the top of the page (the top bar stays in place) and axe with no violations. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.evaluate(() => document.fonts.ready);
  expect(await axeViolations(page)).toEqual([]);
  if (!screenshotsWanted) return;
  // Focus moves scroll the page; the screenshot starts at the top (the top bar is sticky).
  await page.waitForTimeout(100);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** The draft holds the latest changes (the wizard says so). */
export async function draftSaved(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('draft-status').getAttribute('data-status'), { timeout: 8000 })
    .toBe('saved');
}

/** The text of a select's chosen option. */
export const chosenText = (select: Locator) => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text);

type Focus = { selector?: string; name?: string };

/** Does the focused element match: a CSS selector, or an accessible name (its label's text, a button's text)? */
function focused(page: Page, want: Focus): Promise<boolean> {
  return page.evaluate(({ selector, name }) => {
    const el = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
    if (!el || el === document.body) return false;
    if (selector) return el.matches(selector);
    const label = el.labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '').trim();
    const own = el.tagName === 'BUTTON' ? el.textContent?.trim() : undefined;
    return label === name || own === name || el.getAttribute('aria-label') === name;
  }, want);
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, as a keyboard user would; fails after
 * `max` presses.
 */
export async function tabTo(page: Page, want: Focus, back = false, max = 80): Promise<void> {
  // A keyboard user waits until what they are after is on the screen (a step's tracks load after its heading).
  if (want.selector) await page.locator(want.selector).first().waitFor({ timeout: SERVER_ROUND_TRIP });
  for (let i = 0; i < max; i++) {
    if (await focused(page, want)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${JSON.stringify(want)}`);
}

/** Tab to a control (by its label or a selector) and type into it. */
export async function typeInto(page: Page, name: string, text: string): Promise<void> {
  await tabTo(page, { name });
  await page.keyboard.type(text);
}

/** Tab to the step's 'המשך' (or another button) and press Enter. */
export async function press(page: Page, name: string): Promise<void> {
  await tabTo(page, { name });
  await page.keyboard.press('Enter');
}

/**
 * Stores a draft through the API (POST publish/draft, as the wizard does after each valid step): these values
 * with `lastValidStep`, so that /publish?…&step=N opens any step up to the save step with them.
 */
export async function draftThroughApi(
  page: Page,
  base: string,
  selectors: Record<string, string>,
  values: Record<string, unknown>,
  lastValidStep: number,
): Promise<void> {
  const res = await page.request.post(`${base}/api/publish/draft`, {
    data: { ...selectors, values, lastValidStep },
    headers: { 'x-csrf-token': await csrfOf(page, base) },
  });
  if (res.status() !== 200) throw new Error(`draft failed: ${res.status()} ${await res.text()}`);
}

/** Presses Tab until the focus is on the element of a frame that matches the selector (the frame's own focus). */
export async function tabInFrame(page: Page, frame: Frame, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await frame.evaluate((want) => document.hasFocus() && !!document.activeElement?.matches(want), selector)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached ${selector} in the frame`);
}
