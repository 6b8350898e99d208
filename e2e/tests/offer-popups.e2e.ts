/**
 * The information and offer popups (after-save-area.md §2 "Popups", §9 sizes) in Chromium against the production
 * server, on a dog for adoption: the registration information on its properties step, the plan step's links beside
 * the paid tracks (the we-check video, the research claim, the free-package offer), the donation offer on the finish
 * page. Each popup is a labelled dialog that passes axe, closes on Esc or browser back and returns the focus.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { onStep, popupShot, publish, shot } from './category-helpers.ts';
import { button, checkScreen, draftThroughApi, registerThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const DOG = { cat: '5', petType: '1' };
const DOG_VALUES = {
  petType: '1',
  breed: '1001',
  adType: '2',
  sex: '2',
  age: '4',
  area: '4',
  features: ['7'],
  description: 'כלבה מתוקה ורגועה, מחונכת לצרכים, אוהבת ילדים ומסתדרת עם חתולים.',
};

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());
const plan = (page: Page) => page.getByTestId('plan-step');
/** A closed popup's history entry has been popped (a reload before that would be cancelled by the pop). */
const popupEntryGone = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => (history.state as { usr?: { __popup?: string } } | null)?.usr?.__popup))
    .toBeUndefined();

/** Opens a popup from its trigger and returns the dialog, checked with axe and screenshotted (offers-<name>). */
async function openPopup(page: Page, trigger: string, header: string, name: string) {
  await page.getByTestId(trigger).click();
  const dialog = page.getByRole('dialog', { name: header });
  await dialog.waitFor();
  await popupShot(page, `offers-${name}`, true);
  return dialog;
}

describe('information and offer popups of a dog ad, at 375 px', () => {
  it('dog registration on the properties step, the plan step’s three links, the donation offer on the finish page', async () => {
    const page = await newPage(browser, PHONE);
    await registerThroughApi(page, product.url);

    // A cat's properties step has no dog registration link.
    await page.goto(`${product.url}/publish?cat=5&petType=2&step=1`);
    await onStep(page, 1);
    expect(await page.getByTestId('dog-info-link').count()).toBe(0);

    // A dog's does: the popup closes on Esc and on browser back, the focus back on the link.
    await draftThroughApi(page, product.url, DOG, DOG_VALUES, 3);
    await page.goto(`${product.url}/publish?cat=5&petType=1&step=1`);
    await onStep(page, 1);
    await shot(page, 'offers-dog-step');
    let dialog = await openPopup(page, 'dog-info-link', 'רישום הכלב לפי החוק', 'dog-info');
    expect(await dialog.textContent()).toMatch(/שבב אלקטרוני.*חיסון נגד כלבת.*רישיון להחזקת כלב/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedTestId(page)).toBe('dog-info-link');
    dialog = await openPopup(page, 'dog-info-link', 'רישום הכלב לפי החוק', 'dog-info');
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('step')).toBe('1');

    // Saved from the contact step: the plan step, its links beside the paid tracks.
    await page.goto(`${product.url}/publish?cat=5&petType=1&step=4`);
    await onStep(page, 4);
    const orderId = await publish(page);
    await plan(page).getByTestId('plan-info-video').waitFor();
    await checkScreen(page, 'offers-plan-step-phone');

    // The we-check video: 95% wide on a phone (of the overlay's inner width), the product's own file.
    dialog = await openPopup(page, 'plan-info-video', 'איך זה עובד? בודקים בשבילכם', 'video-phone');
    const video = dialog.getByTestId('we-check-video');
    expect(new URL((await video.evaluate((v: HTMLVideoElement) => v.currentSrc || v.src)) ?? '').origin).toBe(
      new URL(product.url).origin,
    );
    const phoneBox = await dialog.boundingBox();
    expect(Math.abs((phoneBox?.width ?? 0) - 0.95 * (PHONE.width - 32))).toBeLessThan(2);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedTestId(page)).toBe('plan-info-video');
    // 700x460 on a desktop.
    await page.setViewportSize(DESKTOP);
    dialog = await openPopup(page, 'plan-info-video', 'איך זה עובד? בודקים בשבילכם', 'video-desktop');
    const desktopBox = await dialog.boundingBox();
    expect(Math.round(desktopBox?.width ?? 0)).toBe(700);
    expect(desktopBox?.height ?? 0).toBeGreaterThanOrEqual(460);
    await dialog.getByRole('button', { name: 'סגירה', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize(PHONE);

    // The research claim, closed by browser back: still on the plan step.
    dialog = await openPopup(page, 'plan-info-research', 'מודעה בתשלום נמכרת ביותר', 'research');
    expect(await dialog.getByTestId('research-claim').textContent()).toMatch(/מחקר.*3\.5%.*3\.8%/);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(await plan(page).isVisible()).toBe(true);
    expect(await focusedTestId(page)).toBe('plan-info-research');

    // The free-package offer: its close button, then its link to the packages page.
    dialog = await openPopup(page, 'plan-info-freePackage', 'ייעוץ חינם לחבילת מודעות', 'free-package');
    await button(page, 'אולי אחר כך').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedTestId(page)).toBe('plan-info-freePackage');
    dialog = await openPopup(page, 'plan-info-freePackage', 'ייעוץ חינם לחבילת מודעות', 'free-package');
    const toPackages = dialog.getByRole('link', { name: 'לעמוד החבילות', exact: true });
    expect(new URL((await toPackages.getAttribute('href')) ?? '', product.url).pathname).toBe('/packages');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Free: the finish page of the published ad, with the donation offer beside it (it blocks nothing).
    await plan(page).getByTestId('track-Free').getByRole('button', { name: 'פרסום בחינם' }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea');
    const finish = page.getByTestId('finish-published');
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 15_000 }).toMatch(/^(active|pending)$/);
    expect(await finish.textContent()).toContain(orderId);
    const offer = page.getByTestId('donation-offer');
    await offer.waitFor();
    await checkScreen(page, 'offers-finish-donation-phone');
    await offer.getByRole('button', { name: 'לפרטים על התרומה', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'תרומה לבעלי חיים שמחכים לבית' });
    await dialog.waitFor();
    await popupShot(page, 'offers-donation', true);
    const donate = dialog.getByTestId('donation-link');
    expect(await donate.getAttribute('target')).toBe('_blank');
    expect(new URL((await donate.getAttribute('href')) ?? '').pathname).toBe('/pets/donate');
    await button(page, 'אולי בפעם אחרת').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('לפרטים על התרומה');
    await popupEntryGone(page);

    // Answered: not offered again in this session.
    await page.reload();
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 15_000 }).toMatch(/^(active|pending)$/);
    expect(await offer.count()).toBe(0);

    // A new session offers it again; 'not now' takes the box away, and it stays away.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await offer.waitFor();
    await offer.getByRole('button', { name: 'לא עכשיו', exact: true }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await page.getByRole('status').filter({ hasText: 'לא נציע זאת שוב' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 15_000 }).toMatch(/^(active|pending)$/);
    expect(await offer.count()).toBe(0);
    await page.close();
  });
});
