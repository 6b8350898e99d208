/**
 * What a failed browser test leaves behind to read: for each page still open, its address, the last calls it made
 * to the server (method, path, status, time taken; an analytics batch's event names) with its console errors and
 * navigations, the calls still waiting for their answer, and the alerts, errors and dialogs on screen; then the end
 * of the server's log. A test that fails once on a busy machine is then understood from its output, without running
 * it again.
 */
import type { Browser, Page } from 'playwright-core';

const KEPT = 40;
const journals = new WeakMap<Page, string[]>();
/** Each page's calls sent and not answered yet: a move that waits on one shows it. */
const pendingCalls = new WeakMap<Page, Map<object, string>>();

const stamp = (start: number) => `${((Date.now() - start) / 1000).toFixed(1).padStart(6)} s`;

/** Keeps the page's last calls, console errors and navigations (newPage does it for every page it opens). */
export function keepJournal(page: Page): void {
  const start = Date.now();
  const lines: string[] = [];
  journals.set(page, lines);
  const add = (line: string) => {
    lines.push(`${stamp(start)} ${line}`);
    if (lines.length > KEPT) lines.shift();
  };
  const path = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`.slice(0, 160);
  };
  const sentAt = new WeakMap<object, number>();
  const pending = new Map<object, string>();
  pendingCalls.set(page, pending);
  /** The analytics batch's event names (a move refused by the step's own check sends its field errors there). */
  const analyticsNames = (body: string | null) => {
    try {
      const events = (JSON.parse(body ?? '') as { events?: { name?: unknown }[] }).events ?? [];
      return ` [${events.map((e) => String(e.name)).join(', ')}]`;
    } catch {
      return '';
    }
  };
  page.on('request', (req) => {
    if (req.resourceType() !== 'fetch' && req.resourceType() !== 'xhr') return;
    sentAt.set(req, Date.now());
    pending.set(req, `${stamp(start)} ${req.method()} ${path(req.url())}`);
  });
  page.on('requestfinished', async (req) => {
    pending.delete(req);
    const at = sentAt.get(req);
    if (at === undefined) return;
    const res = await req.response().catch(() => null);
    const names = path(req.url()).startsWith('/api/analytics/events') ? analyticsNames(req.postData()) : '';
    add(`${req.method()} ${path(req.url())} → ${res?.status() ?? '?'} in ${Date.now() - at} ms${names}`);
  });
  page.on('requestfailed', (req) => {
    pending.delete(req);
    add(`${req.method()} ${path(req.url())} failed: ${req.failure()?.errorText}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') add(`console.${msg.type()}: ${msg.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => add(`page error: ${error.message.slice(0, 300)}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) add(`at ${path(frame.url())}`);
  });
}

/** What is on screen that tells why a move did not happen: alerts, field errors, open dialogs. */
async function onScreen(page: Page): Promise<string[]> {
  const texts = await page
    .locator('[role="alert"], [role="dialog"] h2, [aria-invalid="true"], .field-error, [role="status"]')
    .evaluateAll((nodes) =>
      nodes
        .map((n) => {
          const label = n.getAttribute('aria-invalid') ? `invalid ${n.getAttribute('name') ?? n.id}` : '';
          return `${n.getAttribute('role') ?? n.tagName.toLowerCase()}: ${label || (n.textContent ?? '').trim()}`;
        })
        .filter((t) => !t.endsWith(': ')),
    )
    .catch(() => ['(the page did not answer)']);
  return texts.slice(0, 20).map((t) => t.slice(0, 200));
}

/** The report of a failed test: every open page, then the end of the server's log. */
export async function failureReport(browser: Browser | undefined, serverLog: string | undefined): Promise<string> {
  const parts: string[] = ['', '» what the pages showed when the test failed'];
  for (const page of browser?.contexts().flatMap((c) => c.pages()) ?? []) {
    parts.push(`page ${page.url()}`);
    for (const text of await onScreen(page)) parts.push(`  on screen: ${text}`);
    for (const line of journals.get(page) ?? []) parts.push(`  ${line}`);
    for (const call of pendingCalls.get(page)?.values() ?? []) parts.push(`  still waiting for the answer: ${call}`);
  }
  if (serverLog !== undefined) {
    parts.push('» the end of the server log');
    parts.push(...serverLog.trimEnd().split('\n').slice(-30));
  }
  return parts.join('\n');
}
