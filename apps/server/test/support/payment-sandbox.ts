/** The payment sandbox's hosted pages as a test drives them (its own listener, through inject). */

import type { PaymentSandboxSwitch } from '@app/contract/paymentSandbox';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PaymentSandbox } from '../../src/payments/sandbox/host.ts';
import type { TestApp } from './test-app.ts';

/** The app's payment sandbox (PAYMENT_PROVIDER=sandbox, the tests' default); a test on PayPlus has none. */
export function sandboxOf(app: FastifyInstance): PaymentSandbox {
  if (!app.paymentHost) throw new Error('this app has no payment sandbox (PAYMENT_PROVIDER is not sandbox)');
  return app.paymentHost;
}

/**
 * The sandbox's test cards (apps/server/src/payments/sandbox/test-cards.json): success, the failures (declined,
 * expired card, failed 3-D-Secure-style authentication, technical failure), the challenge, slow and lost.
 */
export const TEST_CARDS = {
  success: '4580 0000 0000 0000',
  decline: '4000 0000 0000 0002',
  expiredCard: '4000 0000 0000 0069',
  authenticationFails: '4000 0084 0000 1629',
  processingError: '4000 0000 0000 0119',
  challenge: '4000 0000 0000 3220',
  slow: '4580 0000 0000 0018',
  lost: '4580 0000 0000 0026',
} as const;

export type CardFields = Partial<
  Record<'cardNumber' | 'expMonth' | 'expYear' | 'cvv' | 'idNumber' | 'installments', string>
>;

/** The hosted card form's body as the framed page posts it: the success card and valid details unless given. */
export function cardForm(fields: CardFields = {}): string {
  return new URLSearchParams({
    cardNumber: TEST_CARDS.success,
    expMonth: '12',
    expYear: '2030',
    cvv: '123',
    idNumber: '000000018',
    installments: '1',
    ...fields,
  }).toString();
}

/** Submits the hosted card form on the sandbox's own listener, as the framed page does (the success card by default). */
export function submitCard(t: TestApp, hostedUrl: string, fields: CardFields = {}): Promise<LightMyRequestResponse> {
  return sandboxOf(t.app).app.inject({
    method: 'POST',
    url: new URL(hostedUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: cardForm(fields),
  });
}

/** Turns a failure switch of the sandbox's admin view on or off (its key and the CSRF header, as the page sends them). */
export async function setSandboxSwitch(
  t: TestApp,
  name: PaymentSandboxSwitch,
  enabled: boolean,
): Promise<LightMyRequestResponse> {
  const first = await t.app.inject({ method: 'GET', url: '/api/auth/customer' });
  const csrf = first.cookies.find((c) => c.name === 'csrf')?.value ?? '';
  return t.app.inject({
    method: 'POST',
    url: '/api/sandbox/payments/switches',
    headers: { 'x-sandbox-key': t.sandboxKey, cookie: `csrf=${csrf}`, 'x-csrf-token': csrf },
    payload: { [name]: enabled },
  });
}
