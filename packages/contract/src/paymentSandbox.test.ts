import { describe, expect, it } from 'vitest';
import { isPaymentSandboxSwitch, PAYMENT_SANDBOX_SWITCHES } from './paymentSandbox.ts';

describe("the payment sandbox's switches", () => {
  it('are one list, for the server and the admin page, and tell a switch from any other name', () => {
    expect(PAYMENT_SANDBOX_SWITCHES).toEqual([
      'declineAll',
      'dropNotifications',
      'failNotifications',
      'apiUnavailable',
      'loseRefundAnswers',
    ]);
    for (const name of PAYMENT_SANDBOX_SWITCHES) expect(isPaymentSandboxSwitch(name), name).toBe(true);
    for (const other of ['declineall', 'toString', '', 1, null]) expect(isPaymentSandboxSwitch(other)).toBe(false);
  });
});
