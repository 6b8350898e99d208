/**
 * The contact step in API tests (the one place): save-ad takes only numbers the customer verified, so a test
 * customer verifies one the way the browser does (valid-phone sends the SMS, the sandbox outbox has the code,
 * valid-phone-code confirms it) and sends the contact values with that number.
 */
import { CONTACT_TEST_VALUES } from '@app/catalog/categories/contactTestValues';
import { formatPhone } from '@app/contract/phones';
import { expect } from 'vitest';
import { freshPhone, lastCode, sendCode, sendSms } from './phones.ts';
import { type Agent, register, type TestApp } from './test-app.ts';

export type ContactValues = Record<string, string>;

/** The contact values of each agent registered here (registerWithPhone). */
const contacts = new WeakMap<Agent, ContactValues>();

/** The contact values of an agent registered with registerWithPhone (a test without one fails at once). */
export function contactOf(agent: Agent): ContactValues {
  const found = contacts.get(agent);
  if (!found) throw new Error('this agent has no verified phone: register it with registerWithPhone');
  return found;
}

/** The contact step's values (name, primary phone) with this number as the primary phone. */
export const contactWith = (phone: string): ContactValues => ({
  ...CONTACT_TEST_VALUES,
  validPhone1: formatPhone(phone),
});

/** Verifies a number (a fresh mobile unless given) for the agent's customer; returns it formatted (050-1234567). */
export async function verifyPhone(t: TestApp, agent: Agent, phone = freshPhone()): Promise<string> {
  const sent = await sendSms(agent, phone);
  expect(sent.json(), `valid-phone ${phone}`).toMatchObject({ status: 200 });
  if (sent.json().confirmed !== 1) {
    const confirmed = await sendCode(agent, phone, await lastCode(t, phone));
    expect(confirmed.json(), `valid-phone-code ${phone}`).toMatchObject({ status: 200, confirmed: 1 });
  }
  return formatPhone(phone);
}

/** Registers the agent's customer (a new account) with a verified number; the contact values for its ads. */
export async function registerWithPhone(
  t: TestApp,
  agent: Agent,
  email?: string,
): Promise<{ email: string; phone: string; contact: ContactValues }> {
  const { res, email: used } = await register(agent, email);
  expect(res.statusCode).toBe(200);
  const phone = await verifyPhone(t, agent);
  const contact = contactWith(phone);
  contacts.set(agent, contact);
  return { email: used, phone, contact };
}
