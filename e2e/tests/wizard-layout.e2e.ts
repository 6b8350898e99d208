/**
 * The wizard's layout and what a user types, in Chromium: the new step's title is not hidden under the sticky
 * top bar after 'המשך'; each column of a step flows on its own (no gaps from the other column's rows); the
 * missing-address thank-you popup is as tall as its content and the reported street stays in the field with
 * its note; letters in a numeric field and a cut paste into a text field are said, not dropped silently.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { autocomplete, combobox, onStep, popupShot, selectText, shot, startCategory } from './category-helpers.ts';
import { next, searchPlate, startPrivateCar } from './wizard-flow.ts';
import { openStep, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const VIEWPORTS = [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const;

/** Where the sticky top bar ends and where the open step's title and column titles begin (viewport px). */
async function titlesAgainstBar(page: Page): Promise<{ barBottom: number; tops: number[] }> {
  return page.evaluate(() => {
    const bar = document.querySelector('.topbar')?.getBoundingClientRect();
    const step = document.querySelector('li.step--open[data-step-index]');
    const titles = [
      step?.querySelector('[data-step-heading]'),
      ...Array.from(step?.querySelectorAll('.column__title') ?? []),
    ].filter((el): el is Element => el !== null && el !== undefined);
    return { barBottom: bar?.bottom ?? 0, tops: titles.map((el) => el.getBoundingClientRect().top) };
  });
}

/** The largest empty space between consecutive fields of each column of the open step (px). */
async function largestGapPerColumn(page: Page): Promise<number[]> {
  return openStep(page).evaluate((step) =>
    Array.from(step.querySelectorAll('.column')).map((column) => {
      const boxes = Array.from(column.children)
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.height > 0)
        .sort((a, b) => a.top - b.top);
      let largest = 0;
      for (let i = 1; i < boxes.length; i++) {
        largest = Math.max(largest, (boxes[i]?.top ?? 0) - (boxes[i - 1]?.bottom ?? 0));
      }
      return Math.round(largest);
    }),
  );
}

/** Both columns side by side (desktop): their left edges differ. */
async function columnsSideBySide(page: Page): Promise<boolean> {
  return openStep(page).evaluate((step) => {
    const lefts = Array.from(step.querySelectorAll('.column')).map((c) => Math.round(c.getBoundingClientRect().left));
    return new Set(lefts).size > 1;
  });
}

const TEL_AVIV = 'תל אביב-יפו';

describe('the step title after "המשך" and the columns', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`car: the properties step's titles are below the sticky bar and its columns have no gaps at ${label} px`, async () => {
      const page = await newPage(browser, viewport);
      await startPrivateCar(page, product.url);
      await searchPlate(page, SAMPLE_PLATES.privateCar);
      await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
      await settled(page);
      await next(page).click();
      await onStep(page, 2);
      // The focus is on the new step's heading (screen readers read it), and the scroll has ended.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-step-heading') ?? false))
        .toBe(true);
      const { barBottom, tops } = await titlesAgainstBar(page);
      expect(barBottom).toBeGreaterThan(0);
      expect(tops.length).toBe(3); // the step's title and its two column titles
      for (const top of tops) expect(top).toBeGreaterThanOrEqual(barBottom);
      await popupShot(page, `layout-car-properties-after-next-${label}`);
      if (viewport === DESKTOP) expect(await columnsSideBySide(page)).toBe(true);
      for (const gap of await largestGapPerColumn(page)) expect(gap).toBeLessThan(40);
      await shot(page, `layout-car-properties-${label}`);
      await page.close();
    });
  }

  for (const [label, viewport] of VIEWPORTS) {
    it(`real estate: the address step's columns flow on their own at ${label} px`, async () => {
      const page = await newPage(browser, viewport);
      await startCategory(page, product.url, 'cat=2&subcat=1&step=1');
      await onStep(page, 1);
      await selectText(page, 'סוג הנכס', 'דירה');
      await selectText(page, 'מצב הנכס', 'משופץ');
      await autocomplete(page, 'ישוב', 'תל אביב', TEL_AVIV);
      await expect.poll(() => combobox(page, 'רחוב').isEnabled()).toBe(true);
      await settled(page);
      if (viewport === DESKTOP) expect(await columnsSideBySide(page)).toBe(true);
      const gaps = await largestGapPerColumn(page);
      expect(gaps.length).toBe(2);
      for (const gap of gaps) expect(gap).toBeLessThan(40);
      await shot(page, `layout-real-estate-address-${label}`);
      await page.close();
    });
  }
});

describe('the missing-address thank-you', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`is as tall as its content, and the reported street stays with its note at ${label} px`, async () => {
      const page = await newPage(browser, viewport);
      await startCategory(page, product.url, 'cat=2&subcat=1&step=1');
      await onStep(page, 1);
      await autocomplete(page, 'ישוב', 'תל אביב', TEL_AVIV);
      await expect.poll(() => combobox(page, 'רחוב').isEnabled()).toBe(true);
      await combobox(page, 'רחוב').fill('שדרות הדמיון המומצא');
      await openStep(page).getByRole('button', { name: 'לא מצאתם את הרחוב? ספרו לנו', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'הוספת כתובת חסרה' });
      await form.waitFor();
      await form.getByRole('button', { name: 'שליחה', exact: true }).click();
      const thanks = page.getByRole('dialog', { name: 'תודה! הכתובת נשלחה לבדיקה' });
      await thanks.waitFor();
      // No empty space: the popup ends where its last child (the button row) ends, plus its padding.
      const spare = await thanks.evaluate((dialog) => {
        const box = dialog.getBoundingClientRect();
        const children = Array.from(dialog.querySelectorAll('*')).map((el) => el.getBoundingClientRect().bottom);
        return Math.round(box.bottom - Math.max(...children));
      });
      expect(spare).toBeLessThanOrEqual(40);
      await popupShot(page, `layout-missing-address-thanks-${label}`);
      await thanks.getByRole('button', { name: 'המשך פרסום', exact: true }).click();
      await thanks.waitFor({ state: 'detached' });
      // The street the user reported is back in the field, with the note under it (the field takes the kept text
      // when the note is set, a render after the popup closes).
      await expect.poll(() => combobox(page, 'רחוב').inputValue()).toBe('שדרות הדמיון המומצא');
      const note = openStep(page).getByTestId('missing-address-note');
      expect(await note.textContent()).toContain('הכתובת תיבדק מול מאגר הכתובות');
      expect(await note.textContent()).toContain('שדרות הדמיון המומצא');
      // The note names the street for screen readers too: it describes the field.
      const describedBy = (await combobox(page, 'רחוב').getAttribute('aria-describedby')) ?? '';
      expect(describedBy.split(' ')).toContain(await note.getAttribute('id'));
      // Leaving the field does not clear the reported street.
      await selectText(page, 'שכונה', 'שכונת פלורנטין');
      expect(await combobox(page, 'רחוב').inputValue()).toBe('שדרות הדמיון המומצא');
      await shot(page, `layout-missing-address-kept-${label}`);
      // Another locality: the report was about the old one, so the street and its note go.
      await autocomplete(page, 'ישוב', 'חיפ', 'חיפה');
      await expect.poll(() => combobox(page, 'רחוב').inputValue()).toBe('');
      expect(await note.count()).toBe(0);
      await page.close();
    });
  }
});
