/** The contact step in browser tests: a unique mobile number, its SMS code from the sandbox outbox, the details. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { currentSandboxKey } from '../support/suite.ts';
import { csrfOf, openStep, press, tabTo, typeInto } from './wizard-helpers.ts';

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

/** Every SMS and call to a number in the sandbox outbox, newest first (with the sandbox key). */
export async function outbox(page: Page, base: string, phone: string): Promise<OutboxMessage[]> {
  const res = await page.request.get(`${base}/api/sandbox/phones/outbox?to=${phone.replace(/\D/g, '')}`, {
    headers: { 'x-sandbox-key': currentSandboxKey() },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** Answers the verification call to a number in the sandbox and presses 1 (the call is polled until it rings). */
export async function answerCall(page: Page, base: string, phone: string): Promise<void> {
  const call = await lastMessage(page, base, phone, 'call');
  const res = await page.request.post(`${base}/api/sandbox/phones/calls/${call.id}/answer`, {
    data: { key: '1' },
    headers: { 'x-sandbox-key': currentSandboxKey(), 'x-csrf-token': await csrfOf(page, base) },
  });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ confirmed: true });
}

/** The newest SMS or call to a number in the sandbox outbox (with the sandbox key; polled until it is there). */
export async function lastMessage(page: Page, base: string, phone: string, kind: 'sms' | 'call' = 'sms') {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(page, base, phone)).find((m) => m.kind === kind);
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

/** The note a category trader sees instead of the SMS button: its numbers need no confirmation. */
export const TRADER_NO_SMS = 'כעסק בקטגוריה הזו אפשר להוסיף מספר בלי אימות ב-SMS';

/** Confirms the number typed into a phone field with the SMS code from the outbox. */
export async function confirmBySms(page: Page, base: string, phone: string, field = 'validPhone1'): Promise<void> {
  await openStep(page).getByTestId(`phone-send-${field}`).click();
  const popup = page.getByTestId('phone-code-popup');
  await popup.waitFor();
  await popup.getByTestId('phone-code-input').fill(await smsCode(page, base, phone));
  await popup.getByTestId('phone-code-confirm').click();
  await popup.waitFor({ state: 'detached' });
  await openStep(page).getByTestId(`phone-verified-${field}`).waitFor();
}

/** Adds a new number to a phone field and confirms it with the SMS code from the outbox. */
export async function verifyBySms(page: Page, base: string, phone: string, field = 'validPhone1'): Promise<void> {
  await typePhone(page, phone, field);
  await confirmBySms(page, base, phone, field);
}

/**
 * The contact step filled for publishing: the details the account brings (its name, a number it confirmed before)
 * once they have come, the name when the account has none, and otherwise a new primary number confirmed by SMS (a
 * category trader's needs no SMS). Returns the primary phone.
 */
export async function fillContact(page: Page, base: string): Promise<string> {
  const step = openStep(page);
  await step.getByTestId('phone-validPhone1').waitFor();
  const name = step.getByLabel(/שם איש הקשר/);
  try {
    // The account's details fill the step shortly after it opens (one call).
    await expect.poll(() => name.inputValue(), { timeout: 5000 }).not.toBe('');
  } catch {
    await name.fill('נועה ישראלי');
  }
  const verified = step.getByTestId('phone-verified-validPhone1');
  const send = step.getByTestId('phone-send-validPhone1');
  const trader = step.getByText(TRADER_NO_SMS, { exact: true });
  const prefix = step.getByTestId('phone-prefix-validPhone1');
  const number = step.getByTestId('phone-number-validPhone1');
  if ((await number.inputValue()) !== '') {
    await verified.or(send).or(trader).first().waitFor();
    if ((await verified.isVisible()) || (await trader.isVisible())) {
      return `${await prefix.inputValue()}-${await number.inputValue()}`;
    }
  }
  const phone = uniqueMobile();
  await typePhone(page, phone);
  await send.or(trader).first().waitFor();
  if (await send.isVisible()) await confirmBySms(page, base, phone);
  return phone;
}

/**
 * The contact step by keyboard alone: a new 054 mobile chosen by its prefix select (the arrows) and typed, 'שליחת קוד
 * אימות' pressed, the SMS code typed into its popup and Enter, until the number shows verified. `onPopup` runs while
 * the code popup is open (an accessibility check of it). Returns the number.
 */
export async function confirmPhoneByKeyboard(
  page: Page,
  base: string,
  onPopup: () => Promise<void> = async () => {},
): Promise<string> {
  await tabTo(page, { name: 'קידומת (טלפון)' });
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown'); // '-', 050 … 054
  const phone = uniqueMobile('054');
  await typeInto(page, 'טלפון', phone.slice(4));
  await press(page, 'שליחת קוד אימות');
  await page.getByTestId('phone-code-popup').waitFor();
  await onPopup();
  await typeInto(page, 'קוד אימות', await smsCode(page, base, phone));
  await page.keyboard.press('Enter');
  await page.getByTestId('phone-code-popup').waitFor({ state: 'detached' });
  await openStep(page).getByTestId('phone-verified-validPhone1').waitFor();
  return phone;
}
