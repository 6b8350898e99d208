/**
 * The console's addresses in Chromium: a link to a payment opened signed out goes through the sign-in to that
 * payment; the sections link to each other and Back returns to the one before; every section opens by its own
 * address (a case, a customer and a payment by their number), with its title and the navigation marking it, at 390
 * and 1280 px, where axe finds nothing; an unknown address, or a case or payment that is not there, says so in
 * Hebrew inside the console. A moderator's navigation has moderation only: another section's address says there
 * is no access and asks the server nothing; J and K move through the queue, the address follows the case, and Back
 * leaves the queue for the page before it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, pathOf } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import {
  freeCar,
  freshCode,
  holdCars,
  OPERATOR,
  openSection,
  operatorSignIn,
  staffThroughApi,
} from './operator-helpers.ts';
import { csrfOf } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const NARROW = { width: 390, height: 844 } as const;
const SITE = 'לוח המודעות';

/** The demo admin's signed-in context (its cookies open further pages without another code). */
let admin: Page;
/** What the pages show: two held cars' cases (oldest first), a payment, the demo customer. */
const data = { cases: [] as number[], payment: '', customer: 0 };

beforeAll(async () => {
  admin = await newPage(browser, DESKTOP);
  await operatorSignIn(admin, product.url);
  const owner = await newPage(browser, DESKTOP);
  await loginDemo(owner, product.url);
  // A payment opened for a car's VIP track (not paid: the finance list shows it as opened).
  const paid = await adThroughApi(owner, product.url, validCarAd());
  const started = await owner.request.post(`${product.url}/api/publish/finish-page`, {
    data: { CatID: 1, SubCatID: 1, OrderID: paid, RecordID: paid, pt_hash: 'c1-vip', idempotencyKey: `routes-${paid}` },
    headers: { 'x-csrf-token': await csrfOf(owner, product.url) },
  });
  expect(started.status()).toBe(200);
  const payments = await (await admin.request.get(`${product.url}/api/operator/payments?ad=${paid}`)).json();
  data.payment = payments.items[0].publicId;
  // Two cars held for review.
  await holdCars(admin, product.url);
  const cars = [
    await freeCar(owner, product.url, 'רכב שמור מאוד, טיפולים במוסך מורשה בלבד, צמיגים חדשים ומזגן חזק.'),
    await freeCar(owner, product.url, 'רכב משפחתי מרווח, נהג יחיד, כל הטיפולים בזמן, ללא תאונות.'),
  ];
  const queue = await (await admin.request.get(`${product.url}/api/operator/moderation/queue`)).json();
  data.cases = cars.map((ad) => queue.items.find((i: { review: { adId: number } }) => i.review.adId === ad).review.id);
  const found = await (
    await admin.request.get(`${product.url}/api/operator/customers?q=${encodeURIComponent(DEMO_PRIVATE.email)}`)
  ).json();
  data.customer = found.customers[0].id;
  await owner.context().close();
});

/** A page in a new context signed in as the admin. */
async function adminPage(viewport: { width: number; height: number }): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    viewport,
    locale: 'he-IL',
    reducedMotion: 'reduce',
    storageState: await admin.context().storageState(),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'אזורי המסוף' });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2, exact: true });
const currentLink = async (page: Page) => nav(page).locator('a[aria-current="page"]').allTextContents();
/** The address has become `path` (the console moves it in place, without loading a page). */
const atPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);
/** The case `id` is open. */
const caseOpen = (page: Page, id: number | undefined) =>
  page.locator(`[data-testid="review-panel"][data-review="${id}"]`).waitFor();

describe('the console’s addresses', () => {
  it('a payment’s link opened signed out goes through the sign-in to it; Back returns to the section before', async () => {
    const page = await newPage(browser, DESKTOP);
    const link = `/operator/finance/${data.payment}`;
    await page.goto(`${product.url}${link}`);
    await page.getByRole('heading', { name: 'כניסת צוות', level: 1 }).waitFor();
    await page.getByLabel('דוא"ל').fill(OPERATOR.email);
    await page.getByLabel('סיסמה').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'המשך' }).click();
    await page.getByLabel('קוד מהאפליקציה').fill(await freshCode(OPERATOR.secret));
    await page.getByRole('button', { name: 'כניסה', exact: true }).click();
    // Signed in: the linked payment, at the same address.
    await heading(page, 'פרטי התשלום').waitFor();
    await page.getByTestId('payment').locator(`tr[data-payment="${data.payment}"]`).getByText('נפתח').waitFor();
    expect(pathOf(page)).toBe(link);
    expect(await page.title()).toBe(`פרטי התשלום · מסוף התפעול | ${SITE}`);
    expect(await currentLink(page)).toEqual(['תשלומים והחזרים']);

    // To the queue: its oldest case opens, and the address names it.
    await openSection(page, 'בקרת מודעות');
    await caseOpen(page, data.cases[0]);
    await atPath(page, `/operator/moderation/${data.cases[0]}`);
    expect(await currentLink(page)).toEqual(['בקרת מודעות']);
    // To the payments, and from the list to the payment's page.
    await openSection(page, 'תשלומים והחזרים');
    const row = page.getByTestId('payments').locator(`tr[data-payment="${data.payment}"]`);
    await row.getByRole('link').click();
    await heading(page, 'פרטי התשלום').waitFor();
    expect(pathOf(page)).toBe(link);

    // Back, one section at a time.
    await page.goBack();
    await heading(page, 'תשלומים והחזרים').waitFor();
    expect(pathOf(page)).toBe('/operator/finance');
    await page.goBack();
    await caseOpen(page, data.cases[0]);
    expect(pathOf(page)).toBe(`/operator/moderation/${data.cases[0]}`);
    await page.goBack();
    await heading(page, 'פרטי התשלום').waitFor();
    expect(pathOf(page)).toBe(link);
    // Forward again.
    await page.goForward();
    await caseOpen(page, data.cases[0]);

    // An account found by the search, its own page, and Back to the same results.
    await openSection(page, 'לקוחות');
    await page.getByLabel('דוא"ל, טלפון או מספר מודעה').fill(DEMO_PRIVATE.email);
    await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
    const card = page.getByTestId('customers').getByRole('listitem').first();
    await card.getByRole('link', { name: DEMO_PRIVATE.name }).click();
    await heading(page, 'חשבון לקוח').waitFor();
    expect(pathOf(page)).toBe(`/operator/customers/${data.customer}`);
    // The account's page opens with its activity.
    await page.getByTestId(`activity-${data.customer}`).getByRole('heading', { name: 'טלפונים' }).waitFor();
    await page.goBack();
    await card.getByRole('link', { name: DEMO_PRIVATE.name }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(DEMO_PRIVATE.email);
    await page.context().close();
  });

  /** Each page by its address: its heading, its title's first part, the navigation's current link. */
  const pages = (): [path: string, heading: string, title: string, current: string][] => [
    [`/operator/moderation/${data.cases[1]}`, 'בקרת מודעות', 'בקרת מודעות', 'בקרת מודעות'],
    ['/operator/customers', 'חיפוש לקוח', 'לקוחות', 'לקוחות'],
    [`/operator/customers/${data.customer}`, 'חשבון לקוח', 'חשבון לקוח', 'לקוחות'],
    ['/operator/inbox', 'פניות "צרו קשר"', 'פניות "צרו קשר"', 'פניות "צרו קשר"'],
    ['/operator/leads', 'פניות', 'פניות', 'פניות'],
    ['/operator/finance', 'תשלומים והחזרים', 'תשלומים והחזרים', 'תשלומים והחזרים'],
    [`/operator/finance/${data.payment}`, 'פרטי התשלום', 'פרטי התשלום', 'תשלומים והחזרים'],
    ['/operator/analytics', 'תקציב, משפך ומודעות', 'תקציב, משפך ומודעות', 'תקציב, משפך ומודעות'],
    ['/operator/rules', 'כללי הבקרה', 'כללי הבקרה', 'כללי הבקרה'],
    ['/operator/staff', 'אנשי הצוות', 'אנשי הצוות', 'אנשי הצוות'],
    ['/operator/audit', 'יומן פעולות הצוות', 'יומן פעולות הצוות', 'יומן פעולות הצוות'],
  ];

  for (const viewport of [DESKTOP, NARROW])
    for (const [from, to] of [
      [0, 5],
      [5, 11],
    ] as const)
      it(`each section opens by its address at ${viewport.width} px (pages ${from + 1}-${to}), with its title; axe finds nothing`, async () => {
        const page = await adminPage(viewport);
        for (const [path, name, title, current] of pages().slice(from, to)) {
          await page.goto(`${product.url}${path}`);
          await heading(page, name).waitFor();
          expect(pathOf(page), path).toBe(path);
          expect(await page.title(), path).toBe(`${title} · מסוף התפעול | ${SITE}`);
          expect(await currentLink(page), path).toEqual([current]);
          // What each screen loads is on it before axe looks.
          await page.getByRole('status').filter({ hasText: 'טוענים…' }).first().waitFor({ state: 'detached' });
          expect(await axeViolations(page), path).toEqual([]);
          // The console is no wider than the screen (tables scroll in their own boxes).
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
            viewport.width,
          );
          const [, , section, item] = path.split('/');
          await screenshot(page, `operator-address-${section}${item ? '-item' : ''}-${viewport.width}`);
        }
        await page.context().close();
      });

  it('the navigation is beside the section at 1280 px, and a menu that names the section at 390 px', async () => {
    const page = await adminPage(DESKTOP);
    // The case by its number: the second car's, not the first of the queue.
    await page.goto(`${product.url}/operator/moderation/${data.cases[1]}`);
    await caseOpen(page, data.cases[1]);
    expect(await nav(page).getByRole('button').isVisible()).toBe(false);
    // An admin's: every section of the console.
    expect(await nav(page).getByRole('link').count()).toBe(10);
    await screenshot(page, 'operator-case-1280');

    await page.setViewportSize(NARROW);
    const menu = nav(page).getByRole('button', { name: 'תפריט: בקרת מודעות' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).getByRole('link').count()).toBe(0);
    await screenshot(page, 'operator-case-390');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await nav(page).getByRole('link').count()).toBe(10);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-menu-390');
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBeTruthy();
    // A section chosen from it: the menu closes, and names the new section.
    await menu.click();
    await nav(page).getByRole('link', { name: 'יומן פעולות הצוות' }).click();
    await heading(page, 'יומן פעולות הצוות').waitFor();
    const closed = nav(page).getByRole('button', { name: 'תפריט: יומן פעולות הצוות' });
    expect(await closed.getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).getByRole('link').count()).toBe(0);
    await page.context().close();
  });

  it('/operator goes to the first section; an address that names nothing says so inside the console', async () => {
    const page = await adminPage(DESKTOP);
    // /operator alone: the admin's first section, in place of /operator in the history (Back leaves it).
    await page.goto(`${product.url}/operator/staff`);
    await heading(page, 'אנשי הצוות').waitFor();
    await page.goto(`${product.url}/operator`);
    await heading(page, 'בקרת מודעות').waitFor();
    await page.waitForURL((url) => /^\/operator\/moderation\/\d+$/.test(url.pathname));
    await page.goBack();
    await heading(page, 'אנשי הצוות').waitFor();

    // Addresses that name nothing, and a case or a payment that is not there: said in Hebrew, inside the console.
    for (const path of ['/operator/no-such-section', '/operator/audit/5', '/operator/moderation/abc']) {
      await page.goto(`${product.url}${path}`);
      await heading(page, 'העמוד לא נמצא').waitFor();
      await page.getByText('אין במסוף עמוד בכתובת הזו').waitFor();
      expect(await page.title(), path).toBe(`העמוד לא נמצא · מסוף התפעול | ${SITE}`);
      expect(await nav(page).count()).toBe(1);
    }
    for (const viewport of [DESKTOP, NARROW]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `operator-not-found-${viewport.width}`);
    }
    await page.goto(`${product.url}/operator/moderation/999999999`);
    await page.getByTestId('moderation').getByText('הבדיקה הזו לא נמצאה').waitFor();
    await page.goto(`${product.url}/operator/finance/pay_nothing`);
    await page.getByText('לא נמצא תשלום במספר הזה').waitFor();
    await page.goto(`${product.url}/operator/customers/999999999`);
    await page.getByText('לא נמצא לקוח במספר הזה').waitFor();
    await page.context().close();
  });

  it('a moderator sees moderation only: other sections say there is no access; J and K move the address', async () => {
    const page = await newPage(browser, NARROW);
    await staffThroughApi(admin, page, product.url, 'moderator');
    await page.goto(`${product.url}/operator`);
    // The moderator's first (and only) section: the queue, its oldest case open.
    await atPath(page, `/operator/moderation/${data.cases[0]}`);
    await page.getByText('תפקיד: בקרת מודעות').waitFor();
    const menu = nav(page).getByRole('button', { name: 'תפריט: בקרת מודעות' });
    await menu.click();
    expect(await nav(page).getByRole('link').allTextContents()).toEqual(['בקרת מודעות']);

    // Another section's address: no access, in Hebrew, and not one call for its data.
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/operator/') && !req.url().endsWith('/api/operator/me')) asked.push(req.url());
    });
    for (const path of [
      '/operator/finance',
      `/operator/finance/${data.payment}`,
      '/operator/customers',
      `/operator/customers/${data.customer}`,
      '/operator/inbox',
      '/operator/analytics',
      '/operator/rules',
      '/operator/staff',
      '/operator/audit',
    ]) {
      await page.goto(`${product.url}${path}`);
      await heading(page, 'אין לך גישה לאזור הזה').waitFor();
      await page.getByText('האזור הזה אינו פתוח לתפקיד בקרת מודעות').waitFor();
      expect(await page.title(), path).toBe(`אין לך גישה לאזור הזה · מסוף התפעול | ${SITE}`);
    }
    expect(asked).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-no-access-390');
    await page.setViewportSize(DESKTOP);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-no-access-1280');

    // Its link to the member's own section.
    await page.getByRole('link', { name: 'מעבר לאזור שלי' }).click();
    await caseOpen(page, data.cases[0]);
    // The shortcuts: J opens the next case and the address follows it, K the one before.
    await page.getByTestId('review-panel').getByRole('heading', { level: 3 }).waitFor();
    await page.keyboard.press('j');
    await atPath(page, `/operator/moderation/${data.cases[1]}`);
    await caseOpen(page, data.cases[1]);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('k');
    await atPath(page, `/operator/moderation/${data.cases[0]}`);
    await caseOpen(page, data.cases[0]);
    // The cases replace each other in the history: Back leaves the queue for the page before it.
    await page.goBack();
    await heading(page, 'אין לך גישה לאזור הזה').waitFor();
    expect(pathOf(page)).toBe('/operator/audit');
    await page.context().close();
  });
});
