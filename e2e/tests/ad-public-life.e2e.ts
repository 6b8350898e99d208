/**
 * An ad's public life in one flow, on the production server with the demo board's ads: a new user publishes a car
 * with two photos on the VIP track, paying by card in the payment sandbox, and opens its page from the finish page
 * and from /my-ads (1280 px); a logged-out buyer on a phone (390 px) finds it first on the cars board, again by its
 * make and by a word of its description (and of its title), opens it, reveals the number (counted once), copies the
 * link (no share sheet in this browser) and reports it; the report waits as a case in the operator console's
 * moderation queue. On the board the highlighted card is styled and a free ad of another advertiser, published after it,
 * is listed after the paid ones. The page's HTML fetched without scripts holds the title, price, fields, photos and
 * JSON-LD, and no phone number. The ad then ends: its page answers 410, the board lists it no more, and the
 * moderator closes its case, which can no longer be decided. Every new screen: no axe violation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expireAd } from '../../apps/server/src/ads/ad-expiry-jobs.ts';
import { adTotal } from '../../apps/server/src/numbers/numbers-repository.ts';
import { axeViolations, DESKTOP, newPage, PHONE_BROWSER, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { CAR_TITLE, carWithPhotosToPlan, publishVipByCard } from './car-publish-helpers.ts';
import { loginDemo } from './edit-helpers.ts';
import { freeCar, operatorSignIn } from './operator-helpers.ts';
import { DESCRIPTION } from './wizard-flow.ts';
import { checkScreen } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => ({ SEED_DEMO_ADS: 'true' }),
);

const PHONE_390 = { width: 390, height: 844 } as const;
/** A word of the description no demo ad has. */
const WORD = 'פנורמי';
const REPORT_TEXT = 'המוכר מבקש מקדמה לפני שרואים את הרכב';

const cards = (page: Page) => page.locator('.cards > li');
const cardOf = (page: Page, id: string) => page.locator(`.cards > li:has(a[href="/item/${id}"])`);

/** Opens the filters' disclosure (closed while no filter is chosen). */
async function filtersOpen(page: Page): Promise<void> {
  if ((await page.locator('details.more-filters').getAttribute('open')) === null)
    await page.locator('details.more-filters > summary').click();
}

/** The address of the first card on the page. */
const firstCardHref = (page: Page) => cards(page).first().locator('h3 a').getAttribute('href');

describe("an ad's public life", () => {
  let orderId = '';
  let freeId = 0;
  let owner: Page;
  let buyer: BrowserContext;
  let operator: Page;
  let reviewId = '';
  let revealed = '';

  it('a new user publishes a car with photos on VIP, paying by card; its page from the finish page and /my-ads; 1280 px', async () => {
    owner = await newPage(browser, DESKTOP);
    orderId = await carWithPhotosToPlan(owner, product.url, { description: `${DESCRIPTION} גג ${WORD} ומצלמת רוורס.` });
    await publishVipByCard(owner);
    const toPage = owner.getByRole('link', { name: 'לצפייה במודעה' });
    expect(await toPage.getAttribute('href')).toBe(`/item/${orderId}`);
    await toPage.click();
    await owner.waitForURL((u) => u.pathname === `/item/${orderId}`);
    await owner.getByRole('heading', { level: 1, name: CAR_TITLE }).waitFor();
    expect(await owner.locator('.ad-page__mark--top').textContent()).toBe('VIP');
    expect(await owner.locator('.ad-page__photo img').count()).toBe(2);
    await checkScreen(owner, 'ad-life-page-1280');

    await owner.goto(`${product.url}/my-ads`);
    const link = owner.locator(`article[data-order-id="${orderId}"]`).getByRole('link', { name: 'לצפייה במודעה' });
    expect(await link.getAttribute('href')).toBe(`/item/${orderId}`);
    await checkScreen(owner, 'ad-life-my-ads-1280');
    await link.click();
    await owner.waitForURL((u) => u.pathname === `/item/${orderId}`);
    await owner.getByRole('heading', { level: 1, name: CAR_TITLE }).waitFor();
    // Another advertiser's free car, published after it: on the board below every paid ad.
    const other = await newPage(browser, DESKTOP);
    await other.goto(`${product.url}/publish`);
    await loginDemo(other, product.url);
    freeId = await freeCar(other, product.url, 'רכב משפחתי במסלול החינמי, פורסם אחרי מודעת ה-VIP');
    await other.context().close();
  });

  it('a logged-out buyer finds it first on the cars board, by its make and by a word; the free ad after the paid ones; 390 px', async () => {
    buyer = await browser.newContext({
      viewport: PHONE_390,
      locale: 'he-IL',
      reducedMotion: 'reduce',
      userAgent: PHONE_BROWSER,
    });
    // No share sheet in this browser: the page offers copying the link.
    await buyer.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await buyer.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    const page = await buyer.newPage();
    page.setDefaultTimeout(15_000);
    // The address with a trailing slash is the same board.
    await page.goto(`${product.url}/board/1/1/`);
    expect(new URL(page.url()).pathname).toBe('/board/1/1');
    expect(await firstCardHref(page)).toBe(`/item/${orderId}`);
    expect(await cards(page).first().getAttribute('class')).toBe('card rank-top');
    expect(await cards(page).first().locator('.mark').textContent()).toContain('VIP');
    // The highlighted card has its own border and background, unlike a plain one.
    const highlighted = page.locator('.cards > li.rank-highlighted').first();
    expect(await highlighted.locator('.mark').textContent()).toBe('מודעה מודגשת');
    const look = (li: ReturnType<typeof cardOf>) =>
      li
        .locator('article')
        .evaluate((a) => `${getComputedStyle(a).borderTopColor} ${getComputedStyle(a).backgroundColor}`);
    const mine = cardOf(page, String(freeId));
    expect(await look(highlighted)).not.toBe(await look(mine));
    // The free ad, the newest of all, comes after every paid one.
    const ranks = await cards(page).evaluateAll((all) => all.map((li) => li.className));
    const hrefs = await cards(page)
      .locator('h3 a')
      .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    const freeAt = hrefs.indexOf(`/item/${freeId}`);
    expect(freeAt).toBeGreaterThan(0);
    expect(ranks.slice(0, freeAt).every((c) => c !== 'card rank-plain')).toBe(true);
    expect(ranks.slice(freeAt).every((c) => c === 'card rank-plain')).toBe(true);
    expect(ranks[freeAt]).toBe('card rank-plain');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ad-life-board-390');

    // By its make: first again.
    await filtersOpen(page);
    await page.getByLabel('יצרן').selectOption({ label: 'טויוטה' });
    await page.getByRole('button', { name: 'הצגת מודעות' }).click();
    await page.waitForURL(/manufacturer=/);
    expect(await firstCardHref(page)).toBe(`/item/${orderId}`);
    expect(await axeViolations(page)).toEqual([]);
    // By a word of its description, and by its model's name (a word of the title buyers read).
    for (const text of [WORD, 'קורולה']) {
      await page.goto(`${product.url}/board/1/1`);
      await page.getByLabel('חיפוש חופשי').fill(text);
      await page.getByRole('button', { name: 'הצגת מודעות' }).click();
      await page.waitForURL(/q=/);
      expect(await firstCardHref(page), text).toBe(`/item/${orderId}`);
    }
    expect(await cards(page).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ad-life-board-search-390');
  });

  it('the buyer opens it, reveals the number, copies the link and reports it; 390 px', async () => {
    const page = buyer.pages()[0] as Page;
    await cards(page).first().locator('h3 a').click();
    await page.waitForURL((u) => u.pathname === `/item/${orderId}`);
    await page.getByRole('heading', { level: 1, name: CAR_TITLE }).waitFor();
    await checkScreen(page, 'ad-life-page-390');

    await page.getByRole('button', { name: 'הצגת מספר טלפון' }).click();
    const phone = page.locator('.ad-page__phone-link');
    await phone.waitFor();
    revealed = (await phone.textContent()) ?? '';
    expect(revealed).toMatch(/^0\d{1,2}-\d{7}$/);

    await page.getByRole('button', { name: 'העתקת הקישור' }).click();
    await page.getByText('הקישור הועתק').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(`/item/${orderId}`);

    await page.getByText('דיווח על המודעה').click();
    await page.getByRole('radio', { name: 'אחר' }).check();
    await page.getByLabel('פרטים נוספים').fill(REPORT_TEXT);
    await checkScreen(page, 'ad-life-report-390');
    await page.getByRole('button', { name: 'שליחת הדיווח' }).click();
    await page.getByText('תודה, הדיווח התקבל ויועבר לבדיקת הצוות.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("the VIP ad's owner sees the buyer's view and reveal on /my-ads: 1 and 1; 1280 px", async () => {
    // The counts are written within a second of the visit: /my-ads shows them once they are.
    const card = owner.locator(`article[data-order-id="${orderId}"]`);
    const total = (name: string) => card.locator(`[data-number="${name}"] td`).first();
    await expect
      .poll(
        async () => {
          await owner.goto(`${product.url}/my-ads`);
          await total('views').waitFor();
          return [await total('views').textContent(), await total('reveals').textContent()];
        },
        { timeout: 15_000, interval: 500 },
      )
      .toEqual(['1', '1']);
  });

  it('without scripts the page holds the title, price, fields, photos and JSON-LD, and no phone number', async () => {
    const res = await buyer.request.get(`${product.url}/item/${orderId}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${CAR_TITLE}`);
    expect(html).toMatch(/<h1[^>]*>טויוטה קורולה 2021<\/h1>/);
    expect(html).toContain('95,000 ₪');
    expect(html).toContain('85,000');
    expect(html).toContain(WORD);
    expect([...html.matchAll(/<img [^>]*src="\/media\/[^"]+"/g)]).toHaveLength(2);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Car',
      brand: { name: 'טויוטה' },
      model: 'קורולה',
      offers: { price: 95000, priceCurrency: 'ILS' },
    });
    // No number: neither as shown nor as digits, and no licence number among the fields.
    const digits = revealed.replace(/\D/g, '');
    expect(html).not.toContain(revealed);
    expect(html).not.toContain(digits);
    expect(html).not.toContain('tel:');
    expect(html).not.toContain('מספר רישוי');
  });

  it('the report is a case in the moderation queue of the operator console; 1280 px', async () => {
    operator = await newPage(browser, DESKTOP);
    await operatorSignIn(operator, product.url);
    const item = operator.locator(`[data-testid="queue"] li[data-ad="${orderId}"]`);
    await item.waitFor();
    reviewId = (await item.getAttribute('data-review')) ?? '';
    expect(reviewId).toMatch(/^\d+$/);
    await operator.goto(`${product.url}/operator/moderation/${reviewId}`);
    const panel = operator.getByTestId('review-panel');
    await panel.getByTestId('review-reasons').getByText(REPORT_TEXT, { exact: false }).waitFor();
    expect(await panel.getByRole('button', { name: 'אישור (A)' }).count()).toBe(1);
    await checkScreen(operator, 'ad-life-moderation-case-1280');
  });

  it('the number was counted once; the ad ends: 410, off the board, and its case is closed by the moderator', async () => {
    let reveals = 0;
    await product.offline(async (db) => {
      // The product's stop wrote the numbers' last batch.
      reveals = (await adTotal(db, Number(orderId))).reveals;
      // Its days run out and the expiry job runs.
      await db.query(`UPDATE ads SET ends_at = now() - interval '1 minute' WHERE id = $1`, [Number(orderId)]);
      expect(await expireAd(db, Number(orderId), new Date())).toBe(true);
    });
    expect(reveals).toBe(1);

    const page = buyer.pages()[0] as Page;
    const res = await page.goto(`${product.url}/item/${orderId}`);
    expect(res?.status()).toBe(410);
    await page.getByRole('heading', { level: 1, name: 'המודעה הסתיימה' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ad-life-ended-390');
    await page.goto(`${product.url}/board/1/1`);
    expect(await cardOf(page, orderId).count()).toBe(0);
    expect(await cardOf(page, String(freeId)).count()).toBe(1);

    // The case can no longer be decided: the console says why and closes it.
    await operator.goto(`${product.url}/operator/moderation/${reviewId}`);
    const gone = operator.getByTestId('review-gone');
    await gone.waitFor();
    expect(await operator.getByRole('button', { name: 'אישור (A)' }).count()).toBe(0);
    await checkScreen(operator, 'ad-life-moderation-ended-1280');
    await gone.getByRole('button', { name: 'סגירת התיק' }).click();
    await expect
      .poll(() => operator.getByTestId('moderation-announce').textContent())
      .toBe(`התיק של המודעה ${orderId} נסגר`);
    await operator.goto(`${product.url}/operator/moderation/${reviewId}`);
    await operator.getByTestId('review-decided').getByText('התיק נסגר בלי החלטה', { exact: false }).waitFor();
    expect(await operator.locator(`[data-testid="queue"] li[data-ad="${orderId}"]`).count()).toBe(0);
    await buyer.close();
    await operator.context().close();
    await owner.context().close();
  });
});
