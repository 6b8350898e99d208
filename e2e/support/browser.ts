import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, chromium, type Frame, type Locator, type Page } from 'playwright-core';
import { findChromium } from '../../scripts/lib/chromium.mjs';
import { keepJournal } from './failure-report.ts';

const require = createRequire(import.meta.url);
export const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');

export const PHONE = { width: 375, height: 812 } as const;
/**
 * The wait for what the server answers after a payment or a step's checks (the finish page, the next step, a
 * payment's result): about a second on a quiet machine, many times that when the two cores are shared with the
 * unit and API tests and other work, so it is generous; the test's own limit (two minutes) still bounds it.
 */
export const SERVER_ROUND_TRIP = 60_000;
export const DESKTOP = { width: 1280, height: 900 } as const;
/**
 * How long a page's wait (a locator, a navigation) takes before it fails: a screen shows in well under a second on
 * a quiet machine, but the first page of a file (a new context: every script fetched and compiled again, a lazy
 * page's chunk after it) took more than ten seconds while the two cores also ran the unit, API and PostgreSQL tests
 * and the type check. A wait that passes is not made longer by it.
 */
export const PAGE_WAIT = 20_000;
/**
 * A person's phone browser: the headless browser's own user agent says HeadlessChrome, which the ad's numbers take
 * for a bot and do not count.
 */
export const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium() ?? '/usr/bin/chromium';
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker: launched by the first file that asks, kept for the next files the worker runs
 * (vitest.config.ts: a worker runs its files one after the other, sharing its modules), so a file starts no browser
 * of its own. A file gets its own pages in its own contexts, and closes them when it ends (`closeContexts`); a
 * browser that went away (a crash) is launched again.
 */
export async function workerBrowser(): Promise<Browser> {
  const current = await shared?.catch(() => undefined);
  if (current?.isConnected()) return current;
  shared = launchBrowser();
  return shared;
}

/** Closes every context of the browser (a file's pages), leaving the browser for the next file. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

export async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'he-IL', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_WAIT);
  keepJournal(page);
  return page;
}

/**
 * Whether the screenshots for people to look at are written (E2E_SCREENSHOTS=1): rendering a whole page and
 * encoding it as PNG costs the machine more than most steps of a test, and no test reads them. The screenshots a
 * test measures (the contrast checks of a11y-helpers.ts, the QR code of the car sign) are taken either way.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/**
 * Saves a screenshot under e2e/artifacts/<name>.png when E2E_SCREENSHOTS=1: the whole page, or what the user sees
 * (`view`: a full-page shot misplaces a fixed popup and its backdrop), or one element.
 */
export async function screenshot(target: Page | Locator, name: string, shape: 'page' | 'view' = 'page'): Promise<void> {
  if (!screenshotsWanted) return;
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: shape === 'page' });
  else await target.screenshot({ path: file });
}

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

let axeSource = '';

/** An undecided colour-contrast node of axe ("incomplete": it could not tell the background). */
export interface AxeIncompleteContrast {
  target: string;
  reason: string;
}

/**
 * Runs axe-core (WCAG 2.x A/AA rules and best practice) on the page: the violations in a readable form, and the
 * colour-contrast nodes axe left for review. A frame is checked as its own document.
 */
export async function axeResults(
  page: Page | Frame,
): Promise<{ violations: string[]; contrastReview: AxeIncompleteContrast[] }> {
  axeSource ||= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol: an inline <script> tag would be (rightly) refused by the app's CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{ violations: unknown[]; incomplete: { id: string; nodes: unknown[] }[] }>;
        };
      }
    ).axe;
    const run = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // Only the violations and the undecided items are read: axe then keeps one node of each passed or
      // inapplicable rule instead of all of them (its documented speed-up; the rules run the same).
      resultTypes: ['violations', 'incomplete'],
    });
    const review = (run.incomplete.find((r) => r.id === 'color-contrast')?.nodes ?? []) as {
      target: string[];
      any: { data?: { messageKey?: string } }[];
    }[];
    return {
      violations: run.violations as AxeViolation[],
      contrastReview: review.map((n) => ({ target: n.target.join(' '), reason: n.any[0]?.data?.messageKey ?? '' })),
    };
  });
  return {
    violations: result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    contrastReview: result.contrastReview,
  };
}

/** Runs axe-core (WCAG 2.x A/AA rules) on the page; returns the violations in a readable form. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axeResults(page)).violations;
}
