/**
 * Helpers of the category browser tests (category-*.e2e.ts): a new account on a category's first fill
 * step, filling fields by their labels, moving on, a screenshot of every step at 375 px, the draft and
 * the saved ad read back through the API.
 */

import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, screenshot, screenshotsWanted } from '../support/browser.ts';
import { fillContact } from './contact-helpers.ts';
import { atStep, button, checkScreen, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label's text, with the required mark (' *') or without it. */
export const labelled = (label: string): RegExp => new RegExp(`^\\s*${escapeRegExp(label)}(\\s*\\*)?\\s*$`);

/** A field of the open step by its label. */
export const field = (page: Page, label: string): Locator => openStep(page).getByLabel(labelled(label));
export const combobox = (page: Page, label: string): Locator =>
  openStep(page).getByRole('combobox', { name: label, exact: true });
/** A radio or checkbox of a labelled group in the open step. */
export const choice = (page: Page, group: string, name: string): Locator =>
  openStep(page)
    .getByRole('group', { name: group, exact: true })
    .or(openStep(page).getByRole('radiogroup', { name: group, exact: true }))
    .getByLabel(name, { exact: true });

/** Chooses a select's option by its text. */
export async function selectText(page: Page, label: string, text: string): Promise<void> {
  await field(page, label).selectOption({ label: text });
}

/** Types into an autocomplete and takes the suggestion with this text. */
export async function autocomplete(page: Page, label: string, typed: string, option: string): Promise<void> {
  const input = combobox(page, label);
  await input.fill(typed);
  await suggestion(page, label, option).click();
  await expect.poll(() => input.inputValue()).toBe(option);
}

/** A suggestion of an autocomplete's open list. */
export const suggestion = (page: Page, label: string, text: string): Locator =>
  openStep(page).getByRole('listbox', { name: label, exact: true }).getByRole('option', { name: text, exact: true });

/** The texts an autocomplete suggests for what is typed (waits for the list to open). */
export async function suggestionsFor(page: Page, label: string, typed: string): Promise<string[]> {
  const input = combobox(page, label);
  // Close the list of an earlier keyword first, so the one read is this keyword's.
  if ((await input.getAttribute('aria-expanded')) === 'true') await input.press('Escape');
  await input.fill(typed);
  await expect.poll(() => input.getAttribute('aria-expanded')).toBe('true');
  return openStep(page).getByRole('listbox', { name: label, exact: true }).getByRole('option').allTextContents();
}

/**
 * A new account (through the API) on /publish?<query>; `pick` is the picker's choice to click, if any (the
 * picker, step 0, is screenshotted first when `pick.shot` names it).
 */
export async function startCategory(
  page: Page,
  base: string,
  query: string,
  pick?: { picker: string; entry: string; shot?: string },
): Promise<void> {
  await registerThroughApi(page, base);
  await page.goto(`${base}/publish?${query}`);
  if (!pick) return;
  const picker = page.getByTestId(`picker-${pick.picker}`);
  await picker.waitFor();
  if (pick.shot) await shot(page, `${pick.shot}-picker`);
  await picker.getByRole('radio', { name: pick.entry, exact: true }).click();
}

/**
 * The open step's number in the URL, once its fields have loaded and the wizard has moved the focus to its
 * heading (30 ms after the change): typing before that would lose the text to the move, as leaving an
 * autocomplete without a choice clears it.
 */
export async function onStep(page: Page, step: number): Promise<void> {
  await atStep(page, step);
  await settled(page);
  await page.waitForTimeout(120);
}

/**
 * A screenshot of the open step (name `category-<name>`), and on the first fill step of a family also axe
 * with no violations.
 */
export async function shot(page: Page, name: string, axe = false): Promise<void> {
  if (axe) return checkScreen(page, `category-${name}`);
  await settled(page);
  if (!screenshotsWanted) return;
  // Focus moves scroll the page; the screenshot starts at the top (the top bar is sticky).
  await page.waitForTimeout(100);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `category-${name}`);
}

/** A screenshot of what is on screen (a popup over the page), with axe when asked. */
export async function popupShot(page: Page, name: string, axe = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  if (axe) expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `category-${name}`, 'view');
}

/** The skip buttons of the pre-advance reminders a category flow may meet on its way. */
const REMINDER_SKIPS = ['המשך בלי תיאור', 'המשך בלי מחיר', 'המשך בפרסום מודעה חדשה'];

/**
 * 'המשך' and the next step open. A pre-advance reminder (an empty description or price) that the flow
 * does not test is closed with its skip button, as a user who does not want it does; the reminders' own tests are
 * wizard-reminders.e2e.ts.
 */
export async function next(page: Page, step: number): Promise<void> {
  await button(page, 'המשך').click();
  const reminder = page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(`^(${REMINDER_SKIPS.join('|')})$`) });
  for (let i = 0; i < REMINDER_SKIPS.length; i++) {
    const moved = page
      .waitForURL((u) => u.searchParams.get('step') === String(step))
      .then(
        () => 'moved' as const,
        () => 'timeout' as const,
      );
    const shown = reminder
      .first()
      .waitFor()
      .then(
        () => 'reminder' as const,
        () => 'timeout' as const,
      );
    const first = await Promise.race([moved, shown]);
    if (first !== 'reminder') break;
    await reminder.first().click();
  }
  await onStep(page, step);
}

/** Passes the steps before the login step that need nothing (media: photos are optional), one screenshot each. */
export async function toLoginStep(page: Page, from: number, name: string): Promise<number> {
  let step = from;
  for (;;) {
    const area = await openStep(page).getAttribute('data-testid');
    if (area === 'step-personal_publish_login') break;
    await openStep(page).getByTestId('media-field').waitFor();
    await shot(page, `${name}-step${step}`);
    step += 1;
    await next(page, step);
  }
  await shot(page, `${name}-login`);
  return step;
}

/** The server-side draft of a selection (GET /api/publish/draft). */
export async function draftOf(
  page: Page,
  base: string,
  selectors: Record<string, string>,
): Promise<{ values: Record<string, unknown>; lastValidStep: number }> {
  const res = await page.request.get(`${base}/api/publish/draft?${new URLSearchParams(selectors)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { values: Record<string, unknown>; lastValidStep: number };
}

/** Waits until the draft holds these values (saved after each valid step and shortly after changes). */
export async function draftHas(
  page: Page,
  base: string,
  selectors: Record<string, string>,
  values: Record<string, unknown>,
): Promise<void> {
  await expect.poll(async () => (await draftOf(page, base, selectors)).values, { timeout: 8000 }).toMatchObject(values);
}

/**
 * The contact details filled (a verified phone) when the open step is the contact step, then 'פרסום המודעה' (on
 * the contact step, or on the details step of customer info, which has none): returns the order id.
 */
export async function publish(page: Page): Promise<string> {
  if ((await openStep(page).getAttribute('data-testid')) === 'step-personal_publish_login') {
    await fillContact(page, new URL(page.url()).origin);
  }
  await button(page, 'פרסום המודעה').click();
  const note = page.getByTestId('saved-note');
  await note.waitFor();
  // Saved and waiting for its track, or (without the plan step: household workers, customer info) published.
  expect(await note.textContent()).toMatch(/המודעה (נשמרה|פורסמה בלוח) \(מספר מודעה \d+\)/);
  return (await note.getAttribute('data-order-id')) ?? '';
}

export const PRODUCT_DESCRIPTION = 'במצב מצוין, שמור מאוד, מבית ללא עישון וללא חיות. איסוף מהמרכז.';

/** A second-hand product's details, price and description (the product step's columns 2 and 3). */
export async function fillProductDetails(page: Page, title: string, price: string): Promise<void> {
  await field(page, 'כותרת המודעה').fill(title);
  await choice(page, 'מצב המוצר', 'כמו חדש').check();
  expect(await field(page, 'כמות').inputValue()).toBe('1');
  await selectText(page, 'אזור', 'המרכז והשפלה');
  await choice(page, 'אופן המסירה', 'איסוף עצמי').check();
  await field(page, 'מחיר').fill(price);
  await field(page, 'תיאור המוצר').fill(PRODUCT_DESCRIPTION);
}
