/** The contact step in browser tests: a unique mobile number, its SMS code from the sandbox outbox, the details. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { currentSandboxKey } from '../support/suite.ts';
import { openStep } from './wizard-helpers.ts';

let numbers = 0;

/** A mobile number no other test of this run uses (the per-number SMS limits stay out of the way). */
export function uniqueMobile(prefix = '054'): string {
  numbers += 1;
  const tail = String((Date.now() % 100_000) * 100 + (numbers % 100))
    .padStart(7, '0')
    .slice(-7);
  return `${prefix}-${tail}`;
}

interface OutboxMessage {
  id: number;
  kind: 'sms' | 'call';
  to: string;
  text: string;
  status: string;
}

/** The newest SMS or call to a number in the sandbox outbox (with the sandbox key; polled until it is there). */
export async function lastMessage(page: Page, base: string, phone: string, kind: 'sms' | 'call' = 'sms') {
  const to = phone.replace(/\D/g, '');
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${base}/api/sandbox/phones/outbox?to=${to}`, {
          headers: { 'x-sandbox-key': currentSandboxKey() },
        });
        const { messages } = (await res.json()) as { messages: OutboxMessage[] };
        found = messages.find((m) => m.kind === kind);
        return found !== undefined;
      },
      { timeout: 8000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no ${kind} to ${phone}`);
  return found;
}

/** The code of the newest SMS to a number. */
export async function smsCode(page: Page, base: string, phone: string): Promise<string> {
  const message = await lastMessage(page, base, phone, 'sms');
  const code = /\d{5}/.exec(message.text)?.[0];
  if (!code) throw new Error(`no code in "${message.text}"`);
  return code;
}

/** Types a number into a phone field of the open step (prefix select, then the rest). */
export async function typePhone(page: Page, phone: string, field = 'validPhone1'): Promise<void> {
  const [prefix, rest] = phone.split('-');
  await openStep(page)
    .getByTestId(`phone-prefix-${field}`)
    .selectOption(prefix ?? '');
  await openStep(page)
    .getByTestId(`phone-number-${field}`)
    .fill(rest ?? '');
}

/** Adds a new number to a phone field and confirms it with the SMS code from the outbox. */
export async function verifyBySms(page: Page, base: string, phone: string, field = 'validPhone1'): Promise<void> {
  await typePhone(page, phone, field);
  await openStep(page).getByTestId(`phone-send-${field}`).click();
  const popup = page.getByTestId('phone-code-popup');
  await popup.waitFor();
  await popup.getByTestId('phone-code-input').fill(await smsCode(page, base, phone));
  await popup.getByTestId('phone-code-confirm').click();
  await popup.waitFor({ state: 'detached' });
  await openStep(page).getByTestId(`phone-verified-${field}`).waitFor();
}

/**
 * The contact step filled for publishing: the name when the account has none, and a verified primary phone (the
 * prefilled one, or a new number confirmed by SMS). Returns the primary phone.
 */
export async function fillContact(page: Page, base: string): Promise<string> {
  const step = openStep(page);
  await step.getByTestId('phone-validPhone1').waitFor();
  const name = step.getByLabel(/שם איש הקשר/);
  if ((await name.inputValue()) === '') await name.fill('נועה ישראלי');
  if (await step.getByTestId('phone-verified-validPhone1').isVisible()) {
    const prefix = await step.getByTestId('phone-prefix-validPhone1').inputValue();
    return `${prefix}-${await step.getByTestId('phone-number-validPhone1').inputValue()}`;
  }
  const phone = uniqueMobile();
  await verifyBySms(page, base, phone);
  return phone;
}
