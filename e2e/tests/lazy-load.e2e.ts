import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, loginThroughApi } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { select } from './wizard-flow.ts';
import { atStep, chosenText, draftThroughApi, registerThroughApi, stepItem } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

describe('code loaded on demand', () => {
  it('the chooser does not load the step area or the wizard; choosing a category loads them', async () => {
    const page = await newPage(browser, PHONE);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(`${product.url}/publish`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts.some((s) => /\/(PublishArea|PublishWizard|engine|kit|media|AdTypePopup)-/.test(s))).toBe(false);

    await page.goto(`${product.url}/publish?cat=2&subcat=1&step=1`, { waitUntil: 'networkidle' });
    await page.getByTestId('step-category').waitFor();
    expect(scripts.some((s) => /\/PublishArea-/.test(s))).toBe(true);
    await page.context().close();
  });

  it('a wizard step opened cold asks for its fields and draft beside the wizard code, once each', async () => {
    const page = await newPage(browser, PHONE);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    const api: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (/^\/api\/publish\/(fields|draft)$/.test(url.pathname)) api.push(`${url.pathname}${url.search}`);
    });
    // The wizard's chunk is held until the page has asked for the fields and the draft: without the early start
    // (they used to be asked for by the wizard's own code) they never come and the chunk is never released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const wizardChunk = /\/assets\/PublishWizard-[^/]+\.js$/;
    await page.route(wizardChunk, async (route) => {
      await released;
      await route.continue();
    });
    const html = await (await page.request.get(`${product.url}/publish?cat=2&subcat=1&step=1`)).text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/PublishWizard-[^"]+\.js">/);
    // Only a page opened on the photos step (a car's is 4) names the photo field's chunk (built as its own group).
    expect(html).not.toMatch(/\/assets\/media-[^"]+\.js/);
    const onPhotos = await (await page.request.get(`${product.url}/publish?cat=1&subcat=1&step=4`)).text();
    expect(onPhotos).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/media-[^"]+\.js">/);
    // The HTML starts the same GETs (the page's own requests take those answers: still once each, below).
    for (const path of ['/api/publish/fields?cat=2&amp;subcat=1', '/api/publish/draft?cat=2&amp;subcat=1'])
      expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${path}">`);
    await page.goto(`${product.url}/publish?cat=2&subcat=1&step=1`);
    const both = () =>
      api.some((u) => u.startsWith('/api/publish/fields?')) && api.some((u) => u.startsWith('/api/publish/draft?'));
    for (let waited = 0; !both() && waited < 10_000; waited += 50) await page.waitForTimeout(50);
    const beforeTheCode = [...api];
    release();
    await page.locator('.step--open[data-step-index="1"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(beforeTheCode.sort()).toEqual(['/api/publish/draft?cat=2&subcat=1', '/api/publish/fields?cat=2&subcat=1']);
    // The wizard took those answers: no second call of either (the contact area's own call has its area).
    expect(api.filter((u) => !u.includes('area=')).sort()).toEqual(beforeTheCode.sort());
    await page.context().close();
  });

  it('a reload on the photos step paints that step before the passed steps lists are asked for; no brief shows a code', async () => {
    const page = await newPage(browser, PHONE);
    await registerThroughApi(page, product.url);
    const { cat, subcat, ...values } = validCarAd();
    await draftThroughApi(page, product.url, { cat, subcat }, values, 3);
    // Every largest-contentful-paint candidate (is it in the open step?) and every text a passed step's brief shows.
    await page.addInitScript(() => {
      const w = window as unknown as {
        paints: { at: number; inStep: boolean }[];
        briefs: string[];
        stepShown?: number;
      };
      w.paints = [];
      w.briefs = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; renderTime: number })[])
          w.paints.push({ at: e.renderTime || e.startTime, inStep: !!e.element?.closest('.step--open') });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver(() => {
        if (w.stepShown === undefined && document.querySelector('.step--open [data-testid="media-field"]'))
          w.stepShown = performance.now();
        for (const el of Array.from(document.querySelectorAll('.step__brief'))) {
          const text = el.textContent ?? '';
          if (!w.briefs.includes(text)) w.briefs.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${product.url}/publish?cat=1&subcat=1&step=4`);
    await page.getByTestId('media-field').waitFor();
    await page.waitForLoadState('networkidle');
    // The model's name is in the car step's brief once its list is in.
    await page.locator('.step__brief', { hasText: 'קורולה' }).waitFor();
    const seen = await page.evaluate(() => {
      const w = window as unknown as {
        paints: { at: number; inStep: boolean }[];
        briefs: string[];
        stepShown?: number;
      };
      const lists = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/publish/options/'))
        .map((e) => e.startTime);
      return { paints: w.paints, briefs: w.briefs, lists, stepShown: w.stepShown };
    });
    // The photos step is the page's largest paint.
    expect(
      seen.paints.some((p) => p.inStep),
      JSON.stringify(seen.paints),
    ).toBe(true);
    expect(seen.lists.length).toBeGreaterThan(0);
    // The lists (manufacturer, model, year, sub-model, colours, owners) are asked for only after the photos step is
    // in the page. (Compared with the step's insertion, not its paint's timestamp: on a loaded machine the
    // compositor may present that frame after the idle callback that asks for the lists has run.)
    expect(Math.min(...seen.lists), JSON.stringify(seen)).toBeGreaterThanOrEqual(
      seen.stepShown ?? Number.POSITIVE_INFINITY,
    );
    // Until they are in, the briefs show nothing rather than the draft's codes (the model's 101, its colour's code).
    const codes = [values.model, values.subModel, values.color];
    for (const text of seen.briefs)
      for (const code of codes) expect(text, JSON.stringify(seen.briefs)).not.toMatch(new RegExp(`\\b${code}\\b`));
    await page.context().close();
  });

  it('a passed step reopened before the page is idle asks for its own lists at once', async () => {
    const page = await newPage(browser, PHONE);
    await registerThroughApi(page, product.url);
    const { cat, subcat, ...values } = validCarAd();
    await draftThroughApi(page, product.url, { cat, subcat }, values, 3);
    // The browser is never idle here: the passed steps' lists (asked for when it is) never come by that way.
    await page.addInitScript('window.requestIdleCallback = () => 0; window.cancelIdleCallback = () => {};');
    await page.goto(`${product.url}/publish?cat=1&subcat=1&step=4`);
    await page.getByTestId('media-field').waitFor();
    expect(await page.locator('.step__brief', { hasText: 'קורולה' }).count()).toBe(0);
    await stepItem(page, 'personal_publish_car_type').getByRole('button').click();
    await atStep(page, 1);
    // The reopened step's lists came: the draft's year is chosen by its text in the list of the model's years.
    await expect.poll(() => chosenText(select(page, 'שנת ייצור')), { timeout: 10_000 }).toBe(values.year);
    await page.context().close();
  });

  it('the HTML paints the top bar before any script; the app top bar replaces it and matches it', async () => {
    const page = await newPage(browser, PHONE);
    const html = await (await page.request.get(`${product.url}/publish`)).text();
    const shell = /<!--shell-->([\s\S]*?)<!--\/shell-->/.exec(html)?.[1] ?? '';
    expect(shell).toContain('<header class="topbar">');
    // No script at all: the top bar is there, from the HTML alone.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto(`${product.url}/publish`);
    await page.locator('header.topbar').getByText('פרסום מודעה חדשה').waitFor();
    await page.unroute(/\.js$/);
    // With the scripts: one top bar (the app's), and the HTML's is the same markup (tags, attributes, texts), each
    // level's children a prefix of the app's (the app adds the login button once it knows the visitor is a guest).
    await page.goto(`${product.url}/publish`);
    await page.getByTestId('chooser-more').waitFor();
    expect(await page.locator('header.topbar').count()).toBe(1);
    const mismatch = await page.evaluate((markup) => {
      const template = document.createElement('template');
      template.innerHTML = markup;
      const compare = (a: Element, b: Element, at: string): string | null => {
        if (a.tagName !== b.tagName) return `${at}: <${a.tagName}> in the HTML, <${b.tagName}> in the app`;
        for (const { name } of [...Array.from(a.attributes), ...Array.from(b.attributes)]) {
          if (a.getAttribute(name) !== b.getAttribute(name))
            return `${at} ${name}: "${a.getAttribute(name)}" in the HTML, "${b.getAttribute(name)}" in the app`;
        }
        const text = (e: Element) =>
          Array.from(e.childNodes)
            .filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent ?? '')
            .join('')
            .trim();
        if (text(a) !== text(b)) return `${at}: text "${text(a)}" in the HTML, "${text(b)}" in the app`;
        if (a.children.length > b.children.length) return `${at}: more children in the HTML`;
        for (let i = 0; i < a.children.length; i++) {
          const found = compare(
            a.children[i] as Element,
            b.children[i] as Element,
            `${at} > ${a.children[i]?.tagName}`,
          );
          if (found) return found;
        }
        return null;
      };
      const live = document.querySelector('header.topbar');
      const fromHtml = template.content.firstElementChild;
      if (!live || !fromHtml) return 'no top bar';
      return compare(fromHtml, live, 'header');
    }, shell);
    expect(mismatch).toBeNull();
    await page.context().close();
  });

  it('a chunk that is gone (a deploy since the page opened) shows the Hebrew error with a reload button', async () => {
    const page = await newPage(browser, PHONE);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    const stepAreaChunk = /\/assets\/PublishArea-[^/]+\.js$/;
    await page.route(stepAreaChunk, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${product.url}/publish`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${product.url}/publish?cat=2&subcat=1&step=1`);
    await page.getByRole('heading', { level: 1, name: 'משהו השתבש' }).waitFor();
    expect(await page.getByText('לא הצלחנו לטעון את העמוד. נסו לרענן.').isVisible()).toBe(true);
    await page.unroute(stepAreaChunk);
    await page.getByRole('button', { name: 'רענון העמוד' }).click();
    await page.getByTestId('step-category').waitFor();
    await page.context().close();
  });
});
