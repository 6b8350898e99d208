/**
 * The wizard's analytics and the analysts' funnel: a user walks the first steps of the pets wizard (a refused step,
 * then a passed one); the console's analytics screen, signed in as staff, counts that run on each step as a chart
 * and a table, beside the day's phone spend and the live ads; a guest or the sandbox key gets no numbers.
 */
import type { FunnelResponse } from '@app/contract/analytics';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { choice, next, onStep, selectText } from './category-helpers.ts';
import { uniqueMobile } from './contact-helpers.ts';
import { operatorSignIn } from './operator-helpers.ts';
import { button, csrfOf, registerThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const MOBILE = { width: 390, height: 844 } as const;

describe('the publish funnel', () => {
  it('counts the steps a user walked, per category, for staff signed in to the console', async () => {
    const page = await newPage(browser, MOBILE);
    await registerThroughApi(page, product.url);
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/analytics/events') sent.push(r.postDataJSON());
    });
    // A visit from the ad-strength box: the query's source stays with the picker's choice and the steps.
    await page.goto(`${product.url}/publish?cat=5&source=ad-strength`);
    await page.getByTestId('picker-pets').getByRole('radio', { name: 'כלבים', exact: true }).click();
    await onStep(page, 1);
    expect(new URL(page.url()).searchParams.get('source')).toBe('ad-strength');
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
    const shown = events.filter((e) => e.name === 'wizard_step_shown');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.map((e) => e.props.entry)).toEqual(shown.map(() => 'ad-strength'));
    // No value the user chose travels: only ids, numbers and our texts.
    expect(JSON.stringify(events)).not.toContain('לברדור');
    // The contact step's code, asked for a 053 number: the day's spend counts it.
    const sms = await page.request.post(`${product.url}/api/publish/valid-phone`, {
      data: { Phone1: uniqueMobile('053') },
      headers: { 'x-csrf-token': await csrfOf(page, product.url) },
    });
    expect(sms.status()).toBe(200);
    await page.close();

    // A guest, or the sandbox key alone: the console asks to sign in, the API refuses, the old page is gone.
    const stranger = await newPage(browser, DESKTOP);
    await stranger.goto(`${product.url}/operator`);
    await stranger.getByRole('heading', { name: 'כניסת צוות', level: 1 }).waitFor();
    const tries: Record<string, string>[] = [{}, { 'x-sandbox-key': product.sandboxKey }];
    for (const headers of tries) {
      const refused = await stranger.request.get(`${product.url}/api/operator/analytics/funnel`, { headers });
      expect(refused.status()).toBe(401);
    }
    const gone = await stranger.request.get(`${product.url}/api/sandbox/analytics/funnel`, {
      headers: { 'x-sandbox-key': product.sandboxKey },
    });
    expect(gone.status()).toBe(404);
    await stranger.context().close();

    // Signed in to the console: the pets funnel shows the run on step 1 (shown, passed, an error) and step 2.
    const operator = await newPage(browser, { width: 1280, height: 800 });
    await operatorSignIn(operator, product.url);
    const api = async () => {
      const res = await operator.request.get(`${product.url}/api/operator/analytics/funnel`);
      return ((await res.json()) as FunnelResponse).categories.find((c) => c.cat === 5);
    };
    await expect.poll(async () => (await api())?.steps.find((s) => s.step === 2)?.shown ?? 0).toBe(1);
    // Its numbers are read when the screen opens: open it (by its address) now that the events are in.
    await operator.goto(`${product.url}/operator/analytics`);
    await operator.getByText('שלום מפעיל הדגמה').waitFor();
    const pets = operator.getByTestId('funnel-5-');
    await pets.waitFor();
    expect(await pets.getByRole('heading', { level: 4 }).textContent()).toBe('בעלי חיים');
    const cells = async (step: number) => pets.locator(`tr[data-step="${step}"] td`).allTextContents();
    expect(await cells(1)).toEqual(['1', '1', '1', '100%']);
    expect(await cells(2)).toEqual(['1', '0', '0', '0%']);
    // The run came from the ad-strength box.
    expect(await pets.getByTestId('funnel-from-ad-strength').locator('td').allTextContents()).toEqual([
      '1',
      '—',
      '—',
      '100%',
    ]);
    // Beside it: the day's codes against the budget (one SMS to 053, far from an alarm) and the live ads.
    const spend = operator.getByTestId('phone-spend');
    await spend.getByText('1 מתוך תקציב יומי של', { exact: false }).waitFor();
    await spend.getByText('אין חריגה: כל המגבלות מתחת ל־80%').waitFor();
    expect(
      await spend.getByTestId('spend-by-prefix').locator('tbody tr').first().locator('th, td').allTextContents(),
    ).toEqual(['053', '1', '0', '1']);
    await operator.getByTestId('live-ads').getByText('מודעות פעילות', { exact: false }).first().waitFor();
    // Step titles from the catalogue, not the area names.
    expect(await pets.locator('tr[data-step="1"] th').textContent()).toMatch(/^שלב 1: פרטי /);
    expect(await pets.locator('tbody tr').first().locator('td').first().textContent()).toBe('1'); // started
    expect(await pets.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    expect(await axeViolations(operator)).toEqual([]);
    await operator.getByRole('heading', { name: 'תקציב, משפך ומודעות', level: 2 }).scrollIntoViewIfNeeded();
    await screenshot(operator, 'console-analytics-1280');
    await operator.setViewportSize(MOBILE);
    await operator.getByRole('heading', { name: 'תקציב, משפך ומודעות', level: 2 }).scrollIntoViewIfNeeded();
    await screenshot(operator, 'console-analytics-390');
    // The tables scroll in their own boxes: the console itself is no wider than the phone.
    expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await operator.context().close();
  });
});
