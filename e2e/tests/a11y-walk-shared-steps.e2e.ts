/**
 * The accessibility walk of the media step (personal_publish_media) and the contact step (personal_publish_login) of
 * every catalogue of packages/catalog, at 390 and 1280 px: axe with zero violations and the
 * contrast items measured from the pixels (a11y-helpers.ts `auditBoth`). Each catalogue's sample ad
 * (catalog-samples.ts; the first test holds its details to the server's check) is stored as a draft through the API
 * and the step opened as a user resuming it sees it, the earlier steps passed with their briefs above it.
 *
 * How the two steps differ between catalogues (read from the catalogue data): the media step in its title, the
 * photo cap (10, or the teacher's single photo cropped around its centre) and the video field (vehicles, real
 * estate, pets, household workers): six distinct definitions; the contact step has the same fields everywhere
 * (name, phone, second contact and phone, e-mail display, virtual number and its test call, weekend calls), business
 * for sale differs in its subtitle, and a trader flow (plain business second hand, business for sale) changes the
 * subtitle and the phone rules (a category trader's number needs no verification). So the test groups the
 * catalogues by a signature computed here from the data: the step's definition as JSON, and for the contact step
 * whether the wizard is a trader flow there. A catalogue whose step changes later gets a signature, and a walk, of
 * its own.
 * - The contact step, filled, of every catalogue (41 of the 42: customer info has neither step), prefilled by the
 *   server from the account (a demo account's name and verified number; plain business second hand and business
 *   for sale as the demo second-hand trader). Its page also shows every earlier step's brief, the media step's
 *   included, so it is the catalogue's own part of the media step's page too.
 * - The media step, once per signature: as resumed (no photos yet), then with cap + 1 photos and a PDF dropped on
 *   it. No catalogue requires photos (the photo field has no isRequired, the step no check) and the form engine
 *   validates nothing in it, so the media step has no field errors; what can fail is the photo rule: more files than
 *   the cap, and a file that is not a photo. Each is named in the notices (role=status, polite, as the product
 *   announces them); the screen, with its tiles uploaded, is checked. (The video field's failure is the video
 *   host's, not a catalogue rule: a11y-walk.e2e.ts checks the video popup.)
 * - The contact step's errors, once per signature: submitted empty (the account's name and number cleared): 'שדה
 *   חובה' on both, aria-invalid and described by it; then a new mobile typed and not verified, submitted: the
 *   server's 'יש לאמת את המספר בקוד שנשלח אליו לפני הפרסום' on the phone. A trader in the category adds numbers without verification (the
 *   server accepts them: after-save-area.md §4), so the trader signatures have the empty state only.
 * The families walk (a11y-families-walk.ts) leaves these two steps to this file.
 */

import { isTraderFlow } from '@app/catalog/trader';
import type { CategoryCatalog, StepDef } from '@app/form-engine/model';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, DEMO_TRADER, loginThroughApi } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { auditBoth, invalidMessages, writeMeasured } from './a11y-helpers.ts';
import { type CatalogSample, catalogSamples } from './catalog-samples.ts';
import { TRADER_NO_SMS, typePhone, uniqueMobile } from './contact-helpers.ts';
import { allUploaded, dropFiles, photoFile, tiles } from './media-helpers.ts';
import { atStep, button, draftThroughApi, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});
afterAll(() => writeMeasured('a11y-contrast-shared-steps'));

const PHONE_390 = { width: 390, height: 844 } as const;
const MEDIA = 'personal_publish_media';
const LOGIN = 'personal_publish_login';
const REQUIRED = 'שדה חובה';
const NOT_VERIFIED = 'יש לאמת את המספר בקוד שנשלח אליו לפני הפרסום';
const PUBLISH = 'פרסום המודעה';

const stepIndex = (catalog: CategoryCatalog, area: string): number => catalog.steps.findIndex((s) => s.area === area);
const stepOf = (catalog: CategoryCatalog, area: string): StepDef | undefined => catalog.steps[stepIndex(catalog, area)];

/** Every catalogue with both steps (all but customer info, which has neither). */
const SAMPLES = catalogSamples().filter((s) => stepOf(s.catalog, MEDIA) && stepOf(s.catalog, LOGIN));

/** Is the wizard a trader flow for this sample (the pairs 3_2 and 1_8, or a trader account)? */
const traderFlow = (s: CatalogSample): boolean =>
  s.trader ||
  isTraderFlow({
    cat: Number(s.selectors.cat),
    subcat: s.selectors.subcat === undefined ? undefined : Number(s.selectors.subcat),
  });

/** What decides how a step renders, as a string: its definition, and for the contact step the trader flow. */
const signature = (s: CatalogSample, area: string): string =>
  `${JSON.stringify(stepOf(s.catalog, area))}${area === LOGIN ? ` trader=${traderFlow(s)}` : ''}`;

/** One sample per distinct signature: the first with an ad of its own (the server's check of its details passes). */
function onePerSignature(area: string): { sample: CatalogSample; same: string[] }[] {
  const groups = new Map<string, CatalogSample[]>();
  for (const s of SAMPLES) groups.set(signature(s, area), [...(groups.get(signature(s, area)) ?? []), s]);
  return [...groups.values()].map((group) => ({
    sample: group.find((s) => s.own) ?? (group[0] as CatalogSample),
    same: group.map((s) => s.catalog.id),
  }));
}

/**
 * The account a sample is published from: the demo trader where it needs one, else the demo private account, or
 * with `new` a new account (at most ten a product: the server's limit of registrations from one address).
 */
async function logIn(page: Page, sample: CatalogSample, account: 'demo' | 'new' = 'demo'): Promise<void> {
  if (sample.trader) return loginThroughApi(page, product.url, DEMO_TRADER.email, DEMO_TRADER.password);
  if (account === 'new') {
    await registerThroughApi(page, product.url);
    return;
  }
  await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
}

/** The sample's draft stored with every step before the contact step passed, and one of them opened. */
async function openStoredStep(page: Page, sample: CatalogSample, area: string): Promise<void> {
  const { catalog, selectors, values } = sample;
  await draftThroughApi(page, product.url, selectors, values, stepIndex(catalog, LOGIN) - 1);
  const index = stepIndex(catalog, area);
  await page.goto(`${product.url}/publish?${new URLSearchParams(selectors)}&step=${index}`);
  await atStep(page, index);
  expect(await openStep(page).getAttribute('data-testid')).toBe(`step-${area}`);
  await settled(page);
}

/**
 * Every step before the open one is passed (none upcoming: a step an A/B test hides, as second hand's search for
 * some accounts, is not there at all), and their briefs show the draft's values.
 */
async function briefsShown(page: Page, sample: CatalogSample, open: number): Promise<void> {
  const upcoming = await page
    .locator('li.step--upcoming[data-step-index]')
    .evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-step-index'))));
  expect(
    upcoming.filter((index) => index < open),
    sample.catalog.id,
  ).toEqual([]);
  const briefs = await page.locator('li.step--done .step__brief').allTextContents();
  expect(briefs.filter((b) => b.trim() !== '').length, sample.catalog.id).toBeGreaterThan(0);
}

/** The contact step's details have come from the account: the name, and its number verified (or a trader's). */
async function contactPrefilled(page: Page): Promise<void> {
  const step = openStep(page);
  await expect.poll(() => step.getByLabel(/שם איש הקשר/).inputValue(), { timeout: 8000 }).not.toBe('');
  await step
    .getByTestId('phone-verified-validPhone1')
    .or(step.getByText(TRADER_NO_SMS, { exact: true }))
    .waitFor();
}

describe('the sample ads', () => {
  it("each catalogue's details pass the server's check, step by step (the screens show a real ad)", async () => {
    const pages = new Map<boolean, Page>();
    for (const sample of SAMPLES) {
      let page = pages.get(sample.trader);
      if (!page) {
        page = await newPage(browser, PHONE_390);
        await logIn(page, sample);
        pages.set(sample.trader, page);
      }
      for (const step of sample.catalog.steps.slice(1, stepIndex(sample.catalog, MEDIA))) {
        // As the wizard asks: the selectors, the step's area and every value (a list as repeated keys).
        const query = new URLSearchParams({ ...sample.selectors, check_area: step.area });
        for (const [name, value] of Object.entries(sample.values)) {
          for (const one of [value].flat()) query.append(name, one);
        }
        const res = await page.request.get(`${product.url}/api/publish/check-step?${query}`);
        expect(res.status(), `${sample.catalog.id} ${step.area}: ${await res.text()}`).toBe(200);
      }
    }
    for (const page of pages.values()) await page.close();
  });
});

/**
 * The catalogues whose contact step is opened filled: in CI one per distinct contact step in each category, a
 * catalogue with a sample ad of its own first (the screens of a category's other catalogues differ only in the
 * texts of the passed steps' briefs above the step: the same buttons); with A11Y_EVERY_CATALOGUE=1 every catalogue
 * (`npm run test:a11y-every-catalogue`, the figures in docs/QUALITY.md). CI takes one per contact step to keep its
 * run under 25 minutes on a slow day.
 */
const contactKey = (s: CatalogSample): string => `${s.selectors.cat} ${signature(s, LOGIN)}`;
function onePerCategoryContact(): CatalogSample[] {
  const chosen = new Map<string, CatalogSample>();
  for (const s of SAMPLES) {
    const had = chosen.get(contactKey(s));
    if (!had || (!had.own && s.own)) chosen.set(contactKey(s), s);
  }
  return [...chosen.values()];
}
const CONTACT_FILLED = process.env.A11Y_EVERY_CATALOGUE ? SAMPLES : onePerCategoryContact();

describe('the contact step of the catalogues, filled, at 390 and 1280 px', () => {
  it('covers every distinct contact step of every category', () => {
    expect(new Set(CONTACT_FILLED.map(contactKey))).toEqual(new Set(SAMPLES.map(contactKey)));
  });
  for (const sample of CONTACT_FILLED) {
    it(sample.catalog.id, async () => {
      const page = await newPage(browser, PHONE_390);
      await logIn(page, sample);
      await openStoredStep(page, sample, LOGIN);
      await contactPrefilled(page);
      await briefsShown(page, sample, stepIndex(sample.catalog, LOGIN));
      await auditBoth(page, `${sample.catalog.id}-contact`, 'phone');
      await page.close();
    });
  }
});

describe('the contact step with its errors, once per distinct contact step, at 390 and 1280 px', () => {
  for (const { sample, same } of onePerSignature(LOGIN)) {
    const { id } = sample.catalog;
    it(`${id} (as ${same.length} catalogues): submitted empty, then with a number not verified`, async () => {
      const page = await newPage(browser, PHONE_390);
      await logIn(page, sample);
      await openStoredStep(page, sample, LOGIN);
      const step = openStep(page);
      const name = step.getByLabel(/שם איש הקשר/);
      const number = step.getByTestId('phone-number-validPhone1');
      // The account's details (its name and verified number) come shortly after the step opens: cleared after.
      await expect.poll(() => name.inputValue(), { timeout: 8000 }).not.toBe('');
      await name.fill('');
      await typePhone(page, '-');
      await button(page, PUBLISH).click();
      await expect.poll(() => invalidMessages(step)).toEqual([REQUIRED, REQUIRED]);
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await number.getAttribute('aria-invalid')).toBe('true');
      await settled(page);
      await auditBoth(page, `${id}-contact-empty`, 'phone');
      if (traderFlow(sample)) return page.close();

      await name.fill('נועה ישראלי');
      await typePhone(page, uniqueMobile());
      await step.getByText('לא מאומת', { exact: true }).waitFor();
      await button(page, PUBLISH).click();
      await expect.poll(() => invalidMessages(step)).toEqual([NOT_VERIFIED]);
      expect(await number.getAttribute('aria-invalid')).toBe('true');
      expect(page.url()).toContain(`step=${stepIndex(sample.catalog, LOGIN)}`);
      await settled(page);
      await auditBoth(page, `${id}-contact-not-verified`, 'phone');
      await page.close();
    });
  }
});

describe('the media step, filled and with its notices, once per distinct media step, at 390 and 1280 px', () => {
  for (const { sample, same } of onePerSignature(MEDIA)) {
    const { id } = sample.catalog;
    const cap = stepOf(sample.catalog, MEDIA)?.fields[0]?.cropper?.total_images ?? 0;
    it(`${id} (as ${same.length} catalogues): as resumed, then ${cap + 1} photos and a PDF dropped`, async () => {
      const page = await newPage(browser, PHONE_390);
      // A new account: the photos go to an ad of its own (the demo accounts' drafts stay without photos).
      await logIn(page, sample, 'new');
      await openStoredStep(page, sample, MEDIA);
      await openStep(page).getByTestId('media-field').waitFor();
      await briefsShown(page, sample, stepIndex(sample.catalog, MEDIA));
      await auditBoth(page, `${id}-media`, 'phone');
      const photos = await Promise.all(
        Array.from({ length: cap + 1 }, (_, i) =>
          photoFile(`${id}-${i + 1}.jpg`, i % 2 ? '#2980b9' : '#27ae60', 800, 600),
        ),
      );
      const pdf = { name: 'מסמך.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
      // Dropped on the area (the teacher's file input takes one file: a drop may bring several).
      await dropFiles(page, [...photos, pdf]);
      const notices = page.getByTestId('media-notices');
      const over = cap === 1 ? 'אפשר להעלות תמונה אחת בלבד' : `אפשר להעלות עד ${cap} תמונות`;
      await notices.getByText(`${over}, ולכן תמונה אחת לא נוספה`, { exact: true }).waitFor();
      await notices.getByText('הקובץ "מסמך.pdf" אינו תמונה, ולכן לא נוסף', { exact: true }).waitFor();
      expect(await notices.getAttribute('role')).toBe('status');
      await allUploaded(page, cap);
      expect(await tiles(page).count()).toBe(cap);
      await settled(page);
      await auditBoth(page, `${id}-media-notices`, 'phone');
      await page.close();
    });
  }
});
