import type { OutboxPhoneMessage, SandboxSmsFailure } from '@app/contract/phones';
import { expect } from 'vitest';
import { Agent, register, type TestApp } from './test-app.ts';

let ipCounter = 0;
/** A fresh client address, so the per-address counters of one test do not touch another's. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.90.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let phoneCounter = 0;
/** A fresh valid mobile number (054 + 7 digits), unique in the test process. */
export function freshPhone(prefix = '054'): string {
  phoneCounter += 1;
  return `${prefix}${String(1_000_000 + ((process.pid * 7919 + phoneCounter) % 9_000_000)).padStart(7, '0')}`;
}

/** A logged-in customer (a new account) behind the given address. */
export async function customer(t: TestApp, ip = freshIp()): Promise<Agent> {
  const agent = new Agent(t.app, ip);
  const { res } = await register(agent);
  expect(res.statusCode).toBe(200);
  return agent;
}

export const sendSms = (a: Agent, Phone1: string, extra: Record<string, unknown> = {}) =>
  a.post('/api/publish/valid-phone', { Phone1, ...extra });
export const sendCode = (a: Agent, Phone1: string, Code: string, extra: Record<string, unknown> = {}) =>
  a.post('/api/publish/valid-phone-code', { Phone1, Code, ...extra });
export const sendCall = (a: Agent, Phone1: string, extra: Record<string, unknown> = {}) =>
  a.post('/api/publish/send_IVR_confirmation', { Phone1, ...extra });
export const checkCall = (a: Agent, Phone1: string) => a.post('/api/publish/valid-phone-check', { Phone1 });

/** The SMS/voice sandbox outbox for a number (newest first), read with the sandbox key. */
export async function phoneOutbox(t: TestApp, to: string): Promise<OutboxPhoneMessage[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sandbox/phones/outbox?to=${encodeURIComponent(to)}`,
    headers: { 'x-sandbox-key': t.sandboxKey },
  });
  expect(res.statusCode).toBe(200);
  return res.json().messages;
}

/** The code of the newest SMS or call to a number. */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const [m] = await phoneOutbox(t, to);
  const code = /(\d)\s?(\d)\s?(\d)\s?(\d)\s?(\d)/.exec(m?.text ?? '');
  if (!code) throw new Error(`no code sent to ${to}`);
  return code.slice(1, 6).join('');
}

/** A five-digit code that is not the given one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

/** The sandbox failure switch (through its own API, with the key; the POST needs the CSRF header as well). */
export async function setSmsFailure(t: TestApp, smsFailure: SandboxSmsFailure): Promise<void> {
  const dev = new Agent(t.app, '10.99.0.1');
  await dev.get('/api/auth/customer');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/phones/settings',
    payload: { smsFailure },
    headers: {
      'x-sandbox-key': t.sandboxKey,
      cookie: `csrf=${dev.cookies.get('csrf')}`,
      'x-csrf-token': dev.cookies.get('csrf') ?? '',
    },
  });
  expect(res.statusCode).toBe(200);
}

/** Asserts a typed phone error: 500 with the type and its Hebrew text. */
export function expectPhoneError(res: { statusCode: number; json(): unknown }, errorType: number, text: string) {
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ status: 500, error: text, errorType });
}
