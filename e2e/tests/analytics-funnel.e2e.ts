/**
 * The wizard's analytics and the operator's funnel: a user walks the first steps of the pets
 * wizard (a refused step, then a passed one); the funnel page, opened with the sandbox key, counts that run on
 * each step as a chart and a table; without the key the page shows nothing and the API answers 401.
 */
import type { FunnelResponse } from '@app/contract/analytics';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { choice, next, onStep, selectText } from './category-helpers.ts';
import { button, registerThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const MOBILE = { width: 390, height: 844 } as const;

describe('the publish funnel', () => {
  it('counts the steps a user walked, per category, behind the sandbox key', async () => {
    const page = await newPage(browser, MOBILE);
    await registerThroughApi(page, product.url);
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/analytics/events') sent.push(r.postDataJSON());
    });
    await page.goto(`${product.url}/publish?cat=5`);
    await page.getByTestId('picker-pets').getByRole('radio', { name: 'כלבים', exact: true }).click();
    await onStep(page, 1);
    // Next with nothing filled: the step stays, its errors are reported (the first message per field).
    await button(page, 'המשך').click();
    await page.getByText('שדה חובה').first().waitFor();
    await selectText(page, 'גזע', 'לברדור רטריבר');
    await choice(page, 'סוג המודעה', 'למסירה לאימוץ').check();
    await choice(page, 'מין', 'נקבה').check();
    await selectText(page, 'גיל', 'שנה עד 3 שנים');
    await selectText(page, 'אזור', 'השרון');
    await next(page, 2);
    // The batch leaves within FLUSH_DELAY_MS (or when the page is hidden).
    await expect.poll(() => sent.length, { timeout: 8000 }).toBeGreaterThan(0);
    const events = sent.flatMap((b) => (b as { events: { name: string; props: Record<string, unknown> }[] }).events);
    const errors = events.filter((e) => e.name === 'wizard_field_error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.props).toMatchObject({ cat: 5, step: 1, message: 'שדה חובה', source: 'client' });
    // No value the user chose travels: only ids, numbers and our texts.
    expect(JSON.stringify(events)).not.toContain('לברדור');
    await page.close();

    // Without the key: no numbers, only how to open the page; the API refuses.
    const stranger = await newPage(browser, DESKTOP);
    await stranger.goto(`${product.url}/sandbox/funnel`);
    await stranger.getByText('הדף נפתח רק עם מפתח סביבת הבדיקות', { exact: false }).waitFor();
    expect(await stranger.getByTestId('funnel-table').count()).toBe(0);
    const refused = await stranger.request.get(`${product.url}/api/sandbox/analytics/funnel`);
    expect(refused.status()).toBe(401);
    await stranger.context().close();

    // With the key: the pets funnel shows the run on step 1 (shown, passed, an error) and step 2 (shown).
    const operator = await newPage(browser, { width: 1280, height: 800 });
    const api = async () => {
      const res = await operator.request.get(`${product.url}/api/sandbox/analytics/funnel`, {
        headers: { 'x-sandbox-key': product.sandboxKey },
      });
      return ((await res.json()) as FunnelResponse).categories.find((c) => c.cat === 5);
    };
    await expect.poll(async () => (await api())?.steps.find((s) => s.step === 2)?.shown ?? 0).toBe(1);
    await operator.goto(`${product.url}/sandbox/funnel?key=${encodeURIComponent(product.sandboxKey)}`);
    const pets = operator.getByTestId('funnel-5-');
    await pets.waitFor();
    expect(new URL(operator.url()).searchParams.has('key')).toBe(false);
    expect(await pets.getByRole('heading', { level: 2 }).textContent()).toBe('בעלי חיים');
    const cells = async (step: number) => pets.locator(`tr[data-step="${step}"] td`).allTextContents();
    expect(await cells(1)).toEqual(['1', '1', '1', '100%']);
    expect(await cells(2)).toEqual(['1', '0', '0', '0%']);
    // Step titles from the catalogue, not the area names.
    expect(await pets.locator('tr[data-step="1"] th').textContent()).toMatch(/^שלב 1: פרטי /);
    expect(await pets.locator('tbody tr').first().locator('td').first().textContent()).toBe('1'); // started
    expect(await pets.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    expect(await axeViolations(operator)).toEqual([]);
    await screenshot(operator, 'funnel-1280');
    await operator.setViewportSize(MOBILE);
    await screenshot(operator, 'funnel-390');
    await operator.context().close();
  });
});
