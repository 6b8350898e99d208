/**
 * The accessibility walk over the later steps of every family, at 390 and 1280 px, run by three files
 * (a11y-walk-families-*.e2e.ts: vehicles, real estate, the others) so that the walk's time spreads over the browser
 * test workers instead of making one long file:
 * a11y-walk.e2e.ts checks each family's picker and empty first step and the private car's whole wizard; here every
 * other step of every catalogue kind (vehicles other than the private car, real estate's three, second hand's five,
 * pets, studies, tourism, the four household-worker boards, customer info) is opened filled from a draft stored
 * through the API, as a user resuming it would see it, and checked the same way (axe with zero violations and the
 * contrast items measured from the pixels: a11y-helpers.ts). Then each step with a required field is opened empty
 * (the earlier steps filled) and submitted: its Hebrew errors are shown and that screen is checked too. The media
 * and contact steps are left to a11y-walk-shared-steps.e2e.ts, which checks them for every catalogue, filled and
 * with their errors.
 */
import { catalogFor } from '@app/catalog/categories/registry';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORY_ADS } from '../../apps/server/test/support/category-ads.ts';
import { validCommercialAd, validRentAd, validSaleAd } from '../../apps/server/test/support/real-estate-ad.ts';
import { validVehicleAds } from '../../apps/server/test/support/vehicle-ad.ts';
import { newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_TRADER, loginThroughApi } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { auditBoth, invalidMessages, writeMeasured } from './a11y-helpers.ts';
import { atStep, button, draftThroughApi, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;

const PHONE_390 = { width: 390, height: 844 } as const;
/** The media and contact steps: a11y-walk-shared-steps.e2e.ts checks them, for every catalogue. */
const SHARED_STEPS = new Set(['personal_publish_media', 'personal_publish_login']);

interface Selection {
  name: string;
  selectors: Record<string, string>;
  values: Record<string, unknown>;
  trader?: boolean;
  /** Extra query (an A/B test that shows a step). */
  extra?: string;
}

const withoutSelectors = ({ cat: _c, subcat: _s, ...values }: Record<string, string>) => values;
const ad = (catalogId: string) => {
  const found = CATEGORY_ADS.find((a) => a.catalogId === catalogId);
  if (!found) throw new Error(`no sample ad ${catalogId}`);
  return found;
};
const sample = (name: string, catalogId: string, more: Partial<Selection> = {}): Selection => {
  const { selectors, values, trader } = ad(catalogId);
  return { name, selectors, values, trader: trader ?? false, ...more };
};
/** The search step of second hand shows with its A/B test on. */
const SEARCH = '&ab=secondHandFreeSearch';

const SELECTIONS: Selection[] = [
  // Vehicles: the private car is walked in full (a11y-walk.e2e.ts); the other kinds here, each a valid ad.
  ...validVehicleAds().map(({ name, subcat, values }) => ({ name, selectors: { cat: '1', subcat }, values })),
  {
    name: 'flat-for-sale',
    selectors: { cat: '2', subcat: '1' },
    values: withoutSelectors(validSaleAd()),
  },
  { name: 'flat-for-rent', selectors: { cat: '2', subcat: '2' }, values: withoutSelectors(validRentAd()) },
  { name: 'commercial-property', selectors: { cat: '2', subcat: '4' }, values: withoutSelectors(validCommercialAd()) },
  sample('second-hand', 'second-hand', { extra: SEARCH }),
  sample('second-hand-business', 'second-hand-business'),
  sample('business-for-sale', 'business-for-sale'),
  sample('fashion', 'fashion-shoes'),
  sample('baby-and-child', 'second-hand-baby', { extra: SEARCH }),
  sample('dog', 'pets-dogs'),
  sample('teacher', 'studies'),
  sample('holiday-flat', 'tourism'),
  sample('nanny', 'household-workers-nanny'),
  sample('nanny-wanted', 'household-workers-nanny-search'),
  sample('home-assistant', 'household-workers-assistant'),
  sample('home-assistant-wanted', 'household-workers-assistant-search'),
  sample('customer-info', 'customer-info'),
];

/** The catalogue's steps a user fills (after the category step, up to the one that saves the ad), by index. */
function fillSteps(
  selectors: Record<string, string>,
): { index: number; area: string; names: string[]; required: boolean; saves: boolean }[] {
  const query = Object.fromEntries(Object.entries(selectors).map(([k, v]) => [k, Number(v)]));
  const catalog = catalogFor({ cat: Number(selectors.cat), ...query });
  if (!catalog) throw new Error(`no catalogue for ${JSON.stringify(selectors)}`);
  const plan = catalog.steps.findIndex((s, i) => i > 0 && s.stepGroup === 'choosePlan');
  const last = plan === -1 ? catalog.steps.length - 1 : plan - 1;
  return catalog.steps
    .map((s, index) => ({
      index,
      area: s.area,
      names: s.fields.map((f) => f.name ?? f.id),
      required: s.fields.some((f) => f.isRequired === true),
      // With no plan step (customer info), the last step saves the ad: its button publishes.
      saves: plan === -1 && index === last,
    }))
    .filter((s) => s.index >= 1 && s.index <= last);
}

/** How many controls of the open step hold a value (text typed, an option chosen, a box or radio checked). */
function filledControls(page: Page): Promise<number> {
  return openStep(page).evaluate((step) => {
    const controls = Array.from(step.querySelectorAll<HTMLInputElement>('input, select, textarea'));
    return controls.filter((c) =>
      c.type === 'checkbox' || c.type === 'radio' ? c.checked : c.value !== '' && c.value !== '-1',
    ).length;
  });
}

/** Opens a step of a stored draft as a user resuming it would (the step's lists loaded). */
async function openDraftStep(page: Page, selection: Selection, index: number, area: string): Promise<void> {
  const query = new URLSearchParams(selection.selectors).toString();
  await page.goto(`${product.url}/publish?${query}&step=${index}${selection.extra ?? ''}`);
  await atStep(page, index);
  expect(await openStep(page).getAttribute('data-testid')).toBe(`step-${area}`);
  await settled(page);
}

/** 'המשך' (or, on a step that saves, 'פרסום המודעה') on the open (empty) step: its Hebrew errors are shown, and the screen is checked at both widths. */
async function auditErrors(page: Page, selection: Selection, index: number, saves: boolean): Promise<void> {
  await button(page, saves ? 'פרסום המודעה' : 'המשך').click();
  const invalid = openStep(page).locator('[aria-invalid="true"]');
  await invalid.first().waitFor();
  // The step stays open, and each field marked invalid names its error in Hebrew (aria-describedby or the
  // message shown with it).
  expect(page.url()).toContain(`step=${index}`);
  const messages = await invalidMessages(openStep(page));
  expect(
    messages.some((m) => /[\u0590-\u05FF]/.test(m)),
    `${selection.name} step ${index}: ${JSON.stringify(messages)}`,
  ).toBe(true);
  await settled(page);
  await auditBoth(page, `${selection.name}-step-${index}-errors`, 'phone');
}

async function walk(page: Page, selection: Selection): Promise<number> {
  const steps = fillSteps(selection.selectors);
  const lastStep = steps.at(-1)?.index ?? 1;
  await draftThroughApi(page, product.url, selection.selectors, selection.values, lastStep);
  let checked = 0;
  for (const { index, area, names } of steps) {
    if (SHARED_STEPS.has(area)) continue;
    await openDraftStep(page, selection, index, area);
    // The draft's values are on screen (a sample ad's fields are filled, not an empty form).
    if (names.some((name) => name in selection.values)) {
      expect(await filledControls(page), `${selection.name} step ${index}`).toBeGreaterThan(0);
    }
    await auditBoth(page, `${selection.name}-step-${index}`, 'phone');
    checked += 1;
  }
  // Each step with a required field, reached with the earlier steps filled and itself (and what follows) empty:
  // to show a step's errors it must be the furthest one reached (before it, 'המשך' is 'back to step N').
  for (const [i, { index, area, required, saves }] of steps.entries()) {
    if (!required || SHARED_STEPS.has(area)) continue;
    const later = new Set(steps.slice(i).flatMap((s) => s.names));
    const before = Object.fromEntries(Object.entries(selection.values).filter(([name]) => !later.has(name)));
    await draftThroughApi(page, product.url, selection.selectors, before, index - 1);
    await openDraftStep(page, selection, index, area);
    await auditErrors(page, selection, index, saves);
    checked += 1;
  }
  return checked;
}

/** The families, as the chooser shows them: one test each (a test stays well inside the time limit). */
const FAMILIES: { name: string; cat: string }[] = [
  { name: 'vehicles', cat: '1' },
  { name: 'real estate', cat: '2' },
  { name: 'second hand', cat: '3' },
  { name: 'pets', cat: '5' },
  { name: 'studies', cat: '6' },
  { name: 'tourism', cat: '10' },
  { name: 'household workers', cat: '14' },
  { name: 'customer info', cat: '100' },
];

/** Every family but vehicles and real estate (which have a file each): the third file's. */
export const OTHER_FAMILIES = FAMILIES.map((f) => f.cat).filter((cat) => cat !== '1' && cat !== '2');

/**
 * The tests: one per catalogue kind (a family's kinds together, four household-worker boards or three real-estate
 * kinds, ran over a test's 120 s limit on a loaded machine).
 */
const TESTS = FAMILIES.flatMap(({ name, cat }) =>
  SELECTIONS.filter((s) => s.selectors.cat === cat && !s.trader).map((s) => ({
    name: `${name}, ${s.name}`,
    cat,
    selections: [s],
  })),
);

/** The private advertiser of a file's tests: registered once (the server takes ten registrations per address), then logged in. */
let advertiser: { email: string; password: string } | undefined;
async function asAdvertiser(page: Page): Promise<void> {
  if (advertiser) await loginThroughApi(page, product.url, advertiser.email, advertiser.password);
  else advertiser = await registerThroughApi(page, product.url);
}

/**
 * The tests of one file: every later step of the families of `cats` (filled and with its errors), with `trader` the
 * trader's second-hand flows, with `earlierStep` the check that a server error on an earlier step's field opens that
 * step. `name` names the file's contrast list (e2e/artifacts).
 */
export function walkFamilies({
  name,
  cats,
  trader = false,
  earlierStep = false,
}: {
  name: string;
  cats: string[];
  trader?: boolean;
  earlierStep?: boolean;
}): void {
  useProductAndBrowser((p, b) => {
    product = p;
    browser = b;
    // This module stays loaded for the worker's next file, whose product has none of this one's accounts.
    advertiser = undefined;
  });
  afterAll(() => writeMeasured(`a11y-contrast-families-${name}`));

  describe('every later step of every family, filled and with its errors, at 390 and 1280 px', () => {
    for (const test of TESTS.filter((t) => cats.includes(t.cat))) {
      it(`${test.name}: each of its steps (a private advertiser)`, async () => {
        const page = await newPage(browser, PHONE_390);
        await asAdvertiser(page);
        let checked = 0;
        for (const selection of test.selections) checked += await walk(page, selection);
        expect(checked).toBeGreaterThan(0);
        await page.close();
      });
    }

    if (trader) {
      it('second hand for a trader: plain second hand and business for sale', async () => {
        const page = await newPage(browser, PHONE_390);
        await loginThroughApi(page, product.url, DEMO_TRADER.email, DEMO_TRADER.password);
        for (const selection of SELECTIONS.filter((s) => s.trader)) await walk(page, selection);
        await page.close();
      });
    }
  });

  if (earlierStep) {
    describe("a step whose server check names an earlier step's field", () => {
      it('opens that step with its errors, not a press that does nothing and says nothing', async () => {
        const page = await newPage(browser, PHONE_390);
        await registerThroughApi(page, product.url);
        // A draft that has passed steps 1 and 2 with nothing in them (as after those steps' rules changed): the
        // price step has nothing required, and the server's check of the ad up to it names the motorcycle's fields.
        await draftThroughApi(page, product.url, { cat: '1', subcat: '4' }, {}, 2);
        await page.goto(`${product.url}/publish?cat=1&subcat=4&step=3`);
        await atStep(page, 3);
        await settled(page);
        await button(page, 'המשך').click();
        await atStep(page, 1);
        await openStep(page).locator('[aria-invalid="true"]').first().waitFor();
        await settled(page);
        await auditBoth(page, 'earlier-step-server-errors', 'phone');
        await page.close();
      });
    });
  }
}
