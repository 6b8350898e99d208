/**
 * The accessibility walk's check of one screen: axe's violations (WCAG 2.x A/AA and best
 * practice, the project's axe helper), and the colour-contrast items axe could not decide ("incomplete": text over
 * an image, a gradient, a pseudo-element or another element) measured here from the pixels behind the text.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { type AxeIncompleteContrast, artifactsDir, axeResults } from '../support/browser.ts';

type Rgba = [number, number, number, number];

/** WCAG 2.x relative luminance of an sRGB colour (0-255 channels). */
export function luminance([r, g, b]: number[]): number {
  const lin = (v = 0) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two opaque colours. */
export function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const blend = ([r, g, b, a]: Rgba, under: number[]): number[] =>
  [r, g, b].map((v, i) => v * a + (under[i] ?? 0) * (1 - a));

export interface ContrastCheck {
  screen: string;
  target: string;
  reason: string;
  ratio: number;
  needed: number;
}

/** Every contrast item measured in this file's walk (written to e2e/artifacts by `writeMeasured` at its end). */
export const measured: ContrastCheck[] = [];
/** The ratios measured, by the item's target and what decides its pixels (see `measure`). */
const measuredBefore = new Map<string, number>();
/** Every screen audited, in order (written with the contrast items). */
export const audited: string[] = [];

/**
 * Measures an undecided text's contrast: its colour (computed, with opacity) against the pixels behind its
 * glyphs (the element photographed with and without its text: the pixels that differ, read from the shot without
 * it). The ratio is the 5th percentile over those pixels (an anti-aliased edge does not decide it; the worst part
 * of a gradient or photo does).
 */
async function measure(
  page: Page,
  item: AxeIncompleteContrast,
  screen: string,
  frame?: Frame,
): Promise<ContrastCheck | undefined> {
  // Inside a frame the element is the frame's; its box (and so the photographs) is in the page's viewport.
  const el = (frame ?? page).locator(item.target).first();
  if ((await el.count()) === 0 || !(await el.isVisible())) return undefined;
  // In the middle of the screen: not under the sticky top bar, where the bar's pixels would be measured.
  await el.evaluate((node) => node.scrollIntoView({ block: 'center', inline: 'center' }));
  // Text wholly under another element (an open list of suggestions over the step) is not seen: nothing to
  // measure. Covered means every sampled point of its box shows something that is neither it, inside it, nor
  // one of its ancestors (text that lets the pointer through shows an ancestor).
  const covered = await el.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const points = [
      [0.5, 0.5],
      [0.2, 0.5],
      [0.8, 0.5],
      [0.5, 0.2],
      [0.5, 0.8],
    ] as const;
    return points.every(([fx, fy]) => {
      const top = document.elementFromPoint(box.left + box.width * fx, box.top + box.height * fy);
      return top !== null && !node.contains(top) && !top.contains(node);
    });
  });
  if (covered) return undefined;
  const style = await el.evaluate((node) => {
    const s = getComputedStyle(node);
    let opacity = 1;
    for (let n: Element | null = node; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    // SVG text is painted with its fill, not its colour.
    const m = /rgba?\(([^)]+)\)/.exec(node instanceof SVGElement ? s.fill : s.color);
    const [r = 0, g = 0, b = 0, a = 1] = (m?.[1] ?? '0,0,0').split(/[ ,/]+/).map(Number);
    const size = Number.parseFloat(s.fontSize);
    const bold = Number(s.fontWeight) >= 700;
    node.setAttribute('data-a11y-measure', '');
    // What decides the pixels behind the text: the text itself, its box and font, and every element painted at
    // its centre (ancestors and anything positioned behind it), with their backgrounds, filters and opacity.
    const box = node.getBoundingClientRect();
    const painted = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2).map((under) => {
      const u = getComputedStyle(under);
      return [under.tagName, under.className, u.backgroundColor, u.backgroundImage, u.opacity, u.filter].join();
    });
    const signature = [
      window.innerWidth,
      node.textContent,
      s.font,
      s.color,
      s.fill,
      s.textShadow,
      opacity,
      Math.round(box.width),
      Math.round(box.height),
      ...painted,
    ].join('|');
    return {
      fg: [r, g, b, a * opacity] as [number, number, number, number],
      large: size >= 24 || (bold && size >= 18.66),
      signature,
    };
  });
  // The same text over the same things, already photographed in this walk: the same ratio (a step's
  // summary line is checked again on every later step's screen, at both widths).
  const known = measuredBefore.get(`${item.target}\n${style.signature}`);
  if (known !== undefined) {
    await el.evaluate((node) => node.removeAttribute('data-a11y-measure'));
    return { screen, target: item.target, reason: item.reason, ratio: known, needed: style.large ? 3 : 4.5 };
  }
  const box = await el.boundingBox();
  if (!box || box.width < 1 || box.height < 1) return undefined;
  // The text shown, hidden, and shown again: when the two shots with the text differ, something else moved on the
  // screen meanwhile (a notice fading, a late layout) and the difference would not be the glyphs: measured again.
  const raw = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const same = (a: Buffer, b: Buffer) => a.length === b.length && a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= 8);
  let withText: Buffer = Buffer.alloc(0);
  let shot = withText;
  for (let attempt = 0; attempt < 3; attempt++) {
    withText = await page.screenshot({ clip: box, animations: 'disabled' });
    // The app's CSP refuses style tags; the CSSOM sets the text transparent (and puts it back) instead.
    await el.evaluate((node) => {
      for (const n of [node, ...Array.from(node.querySelectorAll('*'))] as HTMLElement[]) {
        n.dataset.a11yStyle = n.getAttribute('style') ?? '';
        n.style.setProperty('color', 'transparent', 'important');
        if (n instanceof SVGElement) n.style.setProperty('fill', 'transparent', 'important');
        n.style.setProperty('text-shadow', 'none', 'important');
        n.style.setProperty('caret-color', 'transparent', 'important');
        n.style.setProperty('-webkit-text-fill-color', 'transparent', 'important');
      }
    });
    shot = await page.screenshot({ clip: box, animations: 'disabled' });
    await el.evaluate((node) => {
      for (const n of [node, ...Array.from(node.querySelectorAll('*'))] as HTMLElement[]) {
        const old = n.dataset.a11yStyle ?? '';
        if (old) n.setAttribute('style', old);
        else n.removeAttribute('style');
        delete n.dataset.a11yStyle;
      }
    });
    const again = await page.screenshot({ clip: box, animations: 'disabled' });
    if (same((await raw(withText)).data, (await raw(again)).data)) break;
    await page.waitForTimeout(200);
  }
  await el.evaluate((node) => node.removeAttribute('data-a11y-measure'));
  const [{ data, info }, { data: text }] = await Promise.all([raw(shot), raw(withText)]);
  // The pixels behind the glyphs: where the text, made transparent, changed the picture.
  const behind: number[] = [];
  for (let i = 0; i < data.length; i += info.channels) {
    if ([0, 1, 2].some((c) => Math.abs((data[i + c] ?? 0) - (text[i + c] ?? 0)) > 8)) behind.push(i);
  }
  const ratios: number[] = [];
  for (const i of behind.length > 0 ? behind : data.map((_, i) => i).filter((i) => i % info.channels === 0)) {
    const bg = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    ratios.push(contrast(blend(style.fg, bg), bg));
  }
  ratios.sort((a, b) => a - b);
  const ratio = Math.round((ratios[Math.floor(ratios.length * 0.05)] ?? 21) * 100) / 100;
  measuredBefore.set(`${item.target}\n${style.signature}`, ratio);
  return { screen, target: item.target, reason: item.reason, ratio, needed: style.large ? 3 : 4.5 };
}

/**
 * The screen passes: no axe violation, and every contrast item axe left undecided measured here at WCAG AA
 * (4.5:1, large text 3:1). `screen` names the check in failures and in the contrast list. With `frame`, the
 * document checked is that frame's (a page that only shows inside the payment popup's iframe), as it is framed.
 */
export async function audit(page: Page, screen: string, frame?: Frame): Promise<void> {
  const scope = frame ?? page;
  await scope.evaluate(() => document.fonts.ready);
  const { violations, contrastReview } = await axeResults(scope);
  const low: string[] = [];
  for (const item of contrastReview) {
    const check = await measure(page, item, screen, frame);
    if (!check) continue;
    measured.push(check);
    if (check.ratio < check.needed) low.push(`${item.target}: ${check.ratio}:1 < ${check.needed}:1 (${item.reason})`);
  }
  if (violations.length + low.length > 0) {
    throw new Error(`${screen}: ${[...violations, ...low.map((l) => `low contrast ${l}`)].join('\n')}`);
  }
  audited.push(screen);
}

/**
 * Writes the measured contrast items (the "checked for review" list) to e2e/artifacts, and starts the next list (the
 * worker's next file shares this module).
 */
export function writeMeasured(name: string): void {
  fs.mkdirSync(artifactsDir, { recursive: true });
  fs.writeFileSync(path.join(artifactsDir, `${name}.json`), `${JSON.stringify({ audited, measured }, null, 2)}\n`);
  measured.length = 0;
  audited.length = 0;
}

/** Audits at a phone width (390 px) and at the desktop width (1280 px), leaving the page at `end`. */
export async function auditBoth(page: Page, screen: string, end: 'phone' | 'desktop' = 'desktop'): Promise<void> {
  const sizes = [
    ['390', { width: 390, height: 844 }],
    ['1280', { width: 1280, height: 900 }],
  ] as const;
  const order = end === 'desktop' ? sizes : [...sizes].reverse();
  for (const [label, size] of order) {
    await page.setViewportSize(size);
    await page.waitForTimeout(50);
    await audit(page, `${screen}-${label}`);
  }
}

/**
 * The text that names the error of each control marked invalid (aria-invalid="true") under `scope`, in order: the
 * elements its aria-describedby points at, joined.
 */
export function invalidMessages(scope: Locator): Promise<string[]> {
  return scope.locator('[aria-invalid="true"]').evaluateAll((els) =>
    els.map((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join(' ')
        .trim(),
    ),
  );
}

/** The open popup (by its accessible name when given). */
export const dialog = (page: Page, name?: string) =>
  name ? page.getByRole('dialog', { name }) : page.getByRole('dialog');

/** Escape closes the popup; its history entry is popped before anything navigates on. */
export async function closeByEscape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
}

/**
 * The page has stopped scrolling: no scroll event for `quietMs` (the plan step scrolls itself into view 300 ms after
 * the save, smoothly: measured meanwhile, the contrast check would photograph the page as it moves).
 */
export async function scrollSettled(page: Page, quietMs = 500): Promise<void> {
  await page.evaluate(
    (quiet) =>
      new Promise<void>((resolve) => {
        let timer = window.setTimeout(done, quiet);
        function onScroll() {
          window.clearTimeout(timer);
          timer = window.setTimeout(done, quiet);
        }
        function done() {
          window.removeEventListener('scroll', onScroll);
          resolve();
        }
        window.addEventListener('scroll', onScroll, { passive: true });
      }),
    quietMs,
  );
}
