import type { Page } from 'playwright-core';

/** Logs the page's browser context in through the API (as the login form would), with the CSRF header. */
export async function loginThroughApi(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.request.get(`${base}/api/auth/customer`);
  const cookies = await page.context().cookies(base);
  const csrf = cookies.find((c) => c.name === 'csrf')?.value ?? '';
  const res = await page.request.post(`${base}/api/auth/login`, {
    data: { username, password },
    headers: { 'x-csrf-token': csrf },
  });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}

/** The page URL's query as a plain object. */
export function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The sandbox outbox's newest e-mail to an address, read with the sandbox key the server printed at start. */
export async function lastEmail(
  base: string,
  to: string,
  sandboxKey: string,
): Promise<{ subject: string; text: string } | undefined> {
  const res = await fetch(`${base}/api/sandbox/outbox?to=${encodeURIComponent(to)}`, {
    headers: { 'x-sandbox-key': sandboxKey },
  });
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  const body = (await res.json()) as { emails: { subject: string; text: string }[] };
  return body.emails[0];
}

export const DEMO_PRIVATE = { email: 'private@demo.co.il', password: 'Demo1234', name: 'דנה כהן' };
export const DEMO_TRADER = { email: 'trader@demo.co.il', password: 'Trader1234', name: 'יוסי לוי' };
