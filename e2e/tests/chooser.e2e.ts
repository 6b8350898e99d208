import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, DEMO_TRADER, loginThroughApi, pathOf, query } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const OLD = 'https://old.example.co.il';
const PARTNER = 'https://cars-partner.example.co.il/create';

/** Tiles that stay in the product: the clicks and the query the spec gives. */
const TILE_CASES: { tile: string; popup?: string[]; expected: Record<string, string> }[] = [
  { tile: 'נדל"ן', popup: ['פרטי'], expected: { cat: '2' } },
  { tile: 'נדל"ן', popup: ['עסקי', 'מכירה'], expected: { cat: '2', subcat: '1', istrader: '1' } },
  { tile: 'נדל"ן', popup: ['עסקי', 'השכרה'], expected: { cat: '2', subcat: '2', istrader: '1' } },
  { tile: 'נדל"ן', popup: ['עסקי', 'מסחרי'], expected: { cat: '2', subcat: '4', istrader: '1' } },
  { tile: 'רכב', popup: ['פרטי'], expected: { cat: '1' } },
  { tile: 'יד שנייה', expected: { cat: '3' } },
  { tile: 'נדל"ן מסחרי', expected: { cat: '2', subcat: '4' } },
  { tile: 'אופנה וטיפוח', expected: { cat: '3', subcat: '0', SalesCatID: '18' } },
  { tile: 'בעלי חיים', expected: { cat: '5' } },
  { tile: 'לתינוק ולילד', expected: { cat: '3', subcat: '0', SalesCatID: '11', step: '1' } },
];

/** The more-categories tiles: the picker each opens and an entry that starts its wizard. */
const MORE_CASES: { tile: string; cat: string; picker: string; entry: string }[] = [
  { tile: 'עובדי משק בית', cat: '14', picker: 'picker-householdWorkers', entry: 'פרסום מטפלת' },
  { tile: 'לימודים ומורים', cat: '6', picker: 'picker-studies', entry: 'קורסים וסדנאות' },
  { tile: 'תיירות ונופש', cat: '10', picker: 'picker-tourism', entry: 'צימרים ובקתות' },
];

/** Tiles that lead to the older site (configurable URLs). */
const EXTERNAL_TILES: [string, string][] = [
  ['בעלי מקצוע', `${OLD}/professionals/publish`],
  ['דרושים', `${OLD}/jobs/publish`],
  ['ריהוט', `${OLD}/products/furniture/publish`],
  ['סלולרי', `${OLD}/products/cellular/publish`],
];

/** Vehicle business sub-popup: partner site for 1, 2, 3, 6, 9, 13; promotion page for the rest (spec §6). */
const VEHICLE_BUSINESS: [string, string][] = [
  ['פרטי', `${PARTNER}?subcat=1`],
  ['מסחרי', `${PARTNER}?subcat=2`],
  ["ג'יפים", `${PARTNER}?subcat=3`],
  ['אופנועים', `${OLD}/vehicles/business-promotion?subcat=4`],
  ['קטנועים', `${OLD}/vehicles/business-promotion?subcat=5`],
  ['כלי רכב מיוחדים', `${PARTNER}?subcat=6`],
  ['אביזרים', `${OLD}/vehicles/business-promotion?subcat=7`],
  ['משאיות', `${PARTNER}?subcat=9`],
  ['כלי שיט', `${PARTNER}?subcat=13`],
];

/** Each picker: the page it is on, and every entry with the query it must produce (step 1). */
const PICKERS: { testId: string; start: string; entries: [string, Record<string, string>][] }[] = [
  {
    testId: 'picker-vehicles',
    start: 'cat=1',
    entries: [
      ['פרטי', { subcat: '1' }],
      ['מסחרי', { subcat: '2' }],
      ["ג'יפים", { subcat: '3' }],
      ['אופנועים', { subcat: '4' }],
      ['קטנועים', { subcat: '5' }],
      ['כלי רכב מיוחדים', { subcat: '6' }],
      ['אביזרים לרכב', { subcat: '7' }],
      ['משאיות', { subcat: '9' }],
      ['כלי שיט', { subcat: '13' }],
    ],
  },
  {
    testId: 'picker-realEstate',
    start: 'cat=2',
    entries: [
      ['מכירה', { subcat: '1' }],
      ['השכרה', { subcat: '2' }],
      ['מסחרי', { subcat: '4' }],
    ],
  },
  {
    testId: 'picker-secondHand',
    start: 'cat=3',
    entries: [
      ['כללי', { subcat: '0', SalesCatID: '0' }],
      ['חנות יד שנייה', { subcat: '2', SalesCatID: '0' }],
      ['לתינוק ולילד', { subcat: '0', SalesCatID: '11' }],
    ],
  },
  {
    testId: 'picker-fashion',
    start: 'cat=3&subcat=0&SalesCatID=18',
    entries: [
      ['בגדים', { SalesSubCatID: '1026' }],
      ['ספורט', { SalesSubCatID: '1036' }],
      ['נעליים', { SalesSubCatID: '1030' }],
      ['תיקים', { SalesSubCatID: '1033' }],
      ['אקססוריז', { SalesSubCatID: '1034' }],
      ['כובעים ופאות', { SalesSubCatID: '1031' }],
      ['טיפוח ויופי', { SalesSubCatID: '1035' }],
      ['תחפושות', { SalesSubCatID: '1032' }],
      ['גרביים', { SalesSubCatID: '1042' }],
      ['חתונה', { SalesSubCatID: '1055' }],
      ['אחר', { SalesSubCatID: '151' }],
    ],
  },
  {
    testId: 'picker-pets',
    start: 'cat=5',
    entries: [
      ['כלבים', { petType: '1' }],
      ['חתולים', { petType: '2' }],
      ['דגים', { petType: '3' }],
      ['תוכים', { petType: '5' }],
      ['סוסים', { petType: '8' }],
      ['זוחלים', { petType: '10' }],
      ['מכרסמים', { petType: '13' }],
      ['חמוסים', { petType: '20' }],
      ['חיות משק', { petType: '21' }],
      ['תרנגולות', { petType: '22' }],
    ],
  },
  {
    testId: 'picker-householdWorkers',
    start: 'cat=14',
    entries: [
      ['פרסום מטפלת', { subcat: '1' }],
      ['חיפוש מטפלת', { subcat: '2' }],
      ['פרסום עוזרת בית', { subcat: '3' }],
      ['חיפוש עוזרת בית', { subcat: '4' }],
    ],
  },
];

const startButton = (page: Page, title: string) => page.getByRole('button', { name: `להתחיל ${title}`, exact: true });
const startLink = (page: Page, title: string) => page.getByRole('link', { name: `להתחיל ${title}`, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

for (const [label, viewport] of [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const) {
  describe(`category chooser at ${label} px`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await newPage(browser, viewport);
      await loginThroughApi(page, product.url, DEMO_TRADER.email, DEMO_TRADER.password);
    });
    afterAll(async () => {
      await page.close();
    });

    it('shows the three rows (desktop) or one flat list (phone), is accessible, and is screenshotted', async () => {
      await page.goto(`${product.url}/publish`);
      await page.getByRole('heading', { level: 1, name: 'אני רוצה לפרסם מודעה בלוח...' }).waitFor();
      await page.getByText('יש לכם פריט מיותר? הרוויחו עליו!').waitFor();
      const rows = await page.locator('[data-testid^="tile-"]').evaluateAll((tiles) => {
        const spec = tiles.filter((t) => !t.closest('[data-testid="chooser-more"]'));
        const tops = new Set(spec.map((t) => Math.round(t.getBoundingClientRect().top)));
        return tops.size;
      });
      // Desktop: three rows of 3, 4, 5 tiles. Phone: one tile per line (12 lines). The more-categories
      // group comes after them.
      expect(rows).toBe(viewport === DESKTOP ? 3 : 12);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `chooser-${label}`);
    });

    it('offers household workers, studies and tourism under the rows; each leads to its picker and wizard', async () => {
      await page.goto(`${product.url}/publish`);
      const more = page.getByTestId('chooser-more');
      await more.getByRole('heading', { level: 2, name: 'קטגוריות נוספות' }).waitFor();
      const titles = await more.getByRole('heading', { level: 3 }).allTextContents();
      expect(titles).toEqual(['עובדי משק בית', 'לימודים ומורים', 'תיירות ונופש']);
      // Below the spec's rows (desktop) or after the flat list (phone).
      const [lastSpecBottom, moreTop] = await page.evaluate(() => {
        const spec = Array.from(document.querySelectorAll('[data-testid^="tile-"]')).filter(
          (t) => !t.closest('[data-testid="chooser-more"]'),
        );
        const bottoms = spec.map((t) => t.getBoundingClientRect().bottom);
        const group = document.querySelector('[data-testid="chooser-more"]')?.getBoundingClientRect().top ?? 0;
        return [Math.max(...bottoms), group];
      });
      expect(moreTop).toBeGreaterThanOrEqual(lastSpecBottom);
      await more.scrollIntoViewIfNeeded();
      await screenshot(page, `chooser-more-${label}`);
      for (const c of MORE_CASES) {
        await page.goto(`${product.url}/publish`);
        await startButton(page, c.tile).click();
        await page.waitForURL((u) => u.search.length > 0);
        expect(query(page)).toEqual({ cat: c.cat });
        const picker = page.getByTestId(c.picker);
        await picker.waitFor();
        await picker.getByRole('radio', { name: c.entry, exact: true }).click();
        await page.getByTestId('step-details').waitFor();
        await page.locator('li.step--open[data-step-index] .field').first().waitFor();
        expect(query(page)).toMatchObject({ cat: c.cat, step: '1' });
      }
    });

    for (const c of TILE_CASES) {
      it(`tile ${c.tile}${c.popup ? ` → ${c.popup.join(' → ')}` : ''} gives ${JSON.stringify(c.expected)}`, async () => {
        await page.goto(`${product.url}/publish`);
        await startButton(page, c.tile).click();
        for (const choice of c.popup ?? []) {
          await dialog(page).getByRole('button', { name: choice, exact: true }).click();
        }
        await page.waitForURL((u) => u.search.length > 0);
        expect(pathOf(page)).toBe('/publish');
        expect(query(page)).toEqual(c.expected);
      });
    }

    it('the ad-type popup and its broker sub-popup', async () => {
      await page.goto(`${product.url}/publish`);
      await startButton(page, 'נדל"ן').click();
      await dialog(page).getByRole('heading', { name: 'איזה סוג מודעה תרצו לפרסם?' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `ad-type-popup-${label}`);
      await dialog(page).getByRole('button', { name: 'עסקי', exact: true }).click();
      await dialog(page).getByRole('heading', { name: 'מתווך נדל"ן' }).waitFor();
      await screenshot(page, `broker-popup-${label}`);
    });

    it('the vehicle business sub-popup links to the partner site or the promotion page', async () => {
      await page.goto(`${product.url}/publish`);
      await startButton(page, 'רכב').click();
      await dialog(page).getByRole('button', { name: 'עסקי', exact: true }).click();
      await dialog(page).getByRole('heading', { name: 'עסק רכב' }).waitFor();
      for (const [title, href] of VEHICLE_BUSINESS) {
        expect(await dialog(page).getByRole('link', { name: title, exact: true }).getAttribute('href')).toBe(href);
      }
    });

    it('external tiles link to the configured older-site URLs', async () => {
      await page.goto(`${product.url}/publish`);
      for (const [title, href] of EXTERNAL_TILES) {
        expect(await startLink(page, title).getAttribute('href')).toBe(href);
      }
    });

    it('business for sale does a full reload to step 1', async () => {
      await page.goto(`${product.url}/publish`);
      await markPage(page);
      await startButton(page, 'עסקים למכירה').click();
      await page.waitForURL((u) => u.searchParams.get('SalesCatID') === '37');
      await page.getByTestId('step-details').waitFor();
      expect(query(page)).toEqual({ cat: '3', subcat: '2', SalesCatID: '37', step: '1' });
      expect(await sameDocument(page)).toBe(false);
    });

    for (const picker of PICKERS) {
      it(`${picker.testId}: every entry writes its query and moves to step 1`, async () => {
        const base = Object.fromEntries(new URLSearchParams(picker.start));
        for (const [title, params] of picker.entries) {
          await page.goto(`${product.url}/publish?${picker.start}`);
          const group = page.getByTestId(picker.testId);
          await group.waitFor();
          await markPage(page);
          await group.getByRole('radio', { name: title, exact: true }).click();
          await page.getByTestId('step-details').waitFor();
          // Step 1, or the step after it when step 1 is an A/B-test step this user does not see (the
          // second-hand free search): the wizard then moves on at once.
          const abStep = picker.testId === 'picker-secondHand' && params.subcat === '0';
          expect(query(page)).toEqual({ ...base, ...params, step: abStep ? expect.stringMatching(/^[12]$/) : '1' });
          expect(await sameDocument(page)).toBe(true);
        }
        await page.goto(`${product.url}/publish?${picker.start}`);
        await page.getByTestId(picker.testId).waitFor();
        await screenshot(page, `${picker.testId}-${label}`);
      });
    }

    it('second-hand business in the picker does a full reload to step 1', async () => {
      await page.goto(`${product.url}/publish?cat=3`);
      await markPage(page);
      await page.getByTestId('picker-secondHand').getByRole('radio', { name: 'עסקים למכירה', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('SalesCatID') === '37');
      await page.getByTestId('step-details').waitFor();
      expect(query(page)).toEqual({ cat: '3', subcat: '2', SalesCatID: '37', step: '1' });
      expect(await sameDocument(page)).toBe(false);
    });

    it('step 1 shows the chosen category as a passed step; reopening it returns to step 0; back is step minus one', async () => {
      await page.goto(`${product.url}/publish`);
      await startButton(page, 'בעלי חיים').click();
      await page.getByTestId('picker-pets').getByRole('radio', { name: 'תוכים', exact: true }).click();
      await page.getByTestId('step-details').waitFor();
      await screenshot(page, `step-1-pets-${label}`);
      expect(await axeViolations(page)).toEqual([]);
      // Reopening the passed step returns to the picker with the choice marked.
      await page.getByTestId('step-category').getByRole('button').first().click();
      await page.getByTestId('picker-pets').waitFor();
      expect(query(page)).toMatchObject({ cat: '5', step: '0' });
      await page.getByTestId('picker-pets').getByRole('radio', { name: 'תוכים', exact: true }).click();
      await page.getByTestId('step-details').waitFor();
      expect(query(page)).toEqual({ cat: '5', petType: '5', step: '1' });
      // Browser back is step minus one.
      await page.goBack();
      await page.getByTestId('picker-pets').waitFor();
      expect(query(page).step ?? '0').toBe('0');
      expect(query(page).cat).toBe('5');
    });
  });
}

describe('guards', () => {
  it('a logged-in non-trader on second-hand business goes to finishArea with cat 3, subcat 2', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    await page.goto(`${product.url}/publish?cat=3&subcat=2&SalesCatID=37&step=1`);
    await page.waitForURL((u) => u.pathname === '/finishArea');
    expect(query(page)).toEqual({ cat: '3', subcat: '2' });
    await page.getByTestId('finish-business-for-sale').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'finish-business-for-sale-1280');
    // 'For more details' leads to the buy-package form of the business-for-sale package, not a generic page.
    await page.getByRole('button', { name: 'לפרטים נוספים' }).click();
    await page.getByRole('dialog', { name: 'פרטים נוספים על חבילות לעסקים' }).getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/packages');
    expect(query(page)).toMatchObject({ package: 'businessForSale', cat: '3', subcat: '2' });
    const form = page.getByRole('dialog').filter({ hasText: 'השאירו פרטים ונציג יחזור אליכם' });
    await form.waitFor();
    expect(await form.textContent()).toContain('חבילת עסקים למכירה');
    await page.close();
  });

  it('a link that names the category as CatID and SubCatID opens it as cat and subcat', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    await page.goto(`${product.url}/publish?CatID=2&SubCatID=1&source=app`);
    await page.waitForURL((u) => u.searchParams.get('cat') === '2');
    expect(query(page)).toMatchObject({ cat: '2', subcat: '1', source: 'app' });
    expect(query(page).CatID).toBeUndefined();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('chooser-more').count()).toBe(0);
    await page.close();
  });
});
