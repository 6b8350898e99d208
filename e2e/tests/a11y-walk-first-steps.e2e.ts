/**
 * The accessibility walk of each family's first screens (the families besides the private car, whose whole wizard
 * a11y-walk.e2e.ts walks), one test per family: its picker chosen with the keyboard, every control of its first
 * step reached by Tab, and the step's errors, each screen checked by axe and the contrast measured from the pixels
 * (a11y-helpers.ts) at 390 px and 1280 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { audit, auditBoth, writeMeasured } from './a11y-helpers.ts';
import { atStepByKeyboard } from './wizard-flow.ts';
import { registerThroughApi, settled, tabTo } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});
afterAll(() => writeMeasured('a11y-contrast-first-steps'));

/** The families of the catalogue besides vehicles (the private car's walk is a11y-walk.e2e.ts's): their query and picker. */
const FAMILIES = [
  { name: 'real-estate', query: 'cat=2', picker: 'realEstate' },
  // Its first step (the free search) is an A/B test split by customer id: switched on here, so the walk does not
  // depend on which id the run's new account gets.
  { name: 'second-hand', query: 'cat=3&ab=secondHandFreeSearch', picker: 'secondHand' },
  { name: 'pets', query: 'cat=5', picker: 'pets' },
  { name: 'studies', query: 'cat=6', picker: 'studies' },
  { name: 'tourism', query: 'cat=10', picker: 'tourism' },
  { name: 'household-workers', query: 'cat=14', picker: 'householdWorkers' },
  { name: 'customer-details', query: 'cat=100', picker: '' },
] as const;

/** A key for each form control of the open step a keyboard user must reach (a radio group counts once). */
function controlKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const step = document.querySelector('li.step--open[data-step-index]');
    const all = Array.from(step?.querySelectorAll<HTMLElement>('input, select, textarea, button') ?? []);
    const keys = new Set<string>();
    for (const el of all) {
      const input = el as HTMLInputElement;
      if (input.disabled || el.tabIndex < 0 || input.type === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || (box.width === 0 && box.height === 0 && style.position !== 'absolute'))
        continue;
      keys.add(input.type === 'radio' ? `radio:${input.name}` : `${el.tagName}#${el.id || el.textContent?.trim()}`);
    }
    return [...keys];
  });
}

/** The key (as controlKeys) of the focused element. */
function focusedKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return '';
    return el.type === 'radio' ? `radio:${el.name}` : `${el.tagName}#${el.id || el.textContent?.trim()}`;
  });
}

describe('the other families: picker and first step by keyboard, each screen checked', () => {
  it.each(FAMILIES)(
    '$name: the picker chosen with the keyboard, each control of the first step reached by Tab, its errors',
    async (family) => {
      const page = await newPage(browser, DESKTOP);
      await registerThroughApi(page, product.url);
      await page.goto(`${product.url}/publish?${family.query}`);
      if (family.picker) {
        const picker = page.getByTestId(`picker-${family.picker}`);
        await picker.waitFor();
        await auditBoth(page, `${family.name}-picker`);
        await page.keyboard.press('Tab');
        await tabTo(page, { selector: `[data-testid="picker-${family.picker}"] [role="radio"]` });
        await page.keyboard.press('Enter');
      }
      await atStepByKeyboard(page, 1).catch(async (error: Error) => {
        const focus = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200)).catch(() => '?');
        throw new Error(`${family.name}: not at step 1 (${page.url()}, focus on ${focus}): ${error.message}`);
      });
      await settled(page);
      await auditBoth(page, `${family.name}-step-1`);
      // Every control of the step is reached by Tab from its heading, in one pass, to the step's 'המשך'.
      const want = await controlKeys(page);
      const reached = new Set<string>();
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press('Tab');
        const key = await focusedKey(page);
        reached.add(key);
        if (key === 'BUTTON#המשך' || key.startsWith('BUTTON#פרסום')) break;
      }
      expect({ family: family.name, missed: want.filter((k) => !reached.has(k)) }).toEqual({
        family: family.name,
        missed: [],
      });
      // 'המשך' on the empty step: its errors are checked too (a step with nothing required moves on: the
      // next step is checked then).
      const last = await focusedKey(page);
      await page.keyboard.press('Enter');
      const moved = page.waitForURL((u) => u.searchParams.get('step') !== '1', { timeout: 10_000 });
      const invalid = page.locator('li.step--open [aria-invalid="true"], [role="dialog"]').first().waitFor();
      await Promise.any([moved, invalid]).catch(() => {
        throw new Error(`${family.name}: neither errors nor a move after Enter on ${last}`);
      });
      await settled(page);
      await audit(page, `${family.name}-after-continue`);
      await page.close();
    },
  );
});
