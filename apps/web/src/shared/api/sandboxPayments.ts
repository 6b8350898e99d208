import {
  PAYMENT_SANDBOX_SWITCHES,
  type PaymentSandboxSwitch,
  type SandboxDelivery,
  type SandboxPaymentSession,
  type SandboxTestCard,
  type TestCardBehaviour,
} from '@app/contract/paymentSandbox';
import { getJson, postJson } from './http.ts';

export type { SandboxDelivery, SandboxPaymentSession, SandboxTestCard, TestCardBehaviour };

/** The switches the sandbox's admin view turns on and off: the server's list. */
export const PAYMENT_SWITCHES = PAYMENT_SANDBOX_SWITCHES;
export type PaymentSwitch = PaymentSandboxSwitch;

export interface SandboxPaymentsView {
  testCards: SandboxTestCard[];
  sessions: SandboxPaymentSession[];
  deliveries: SandboxDelivery[];
  switches: Record<PaymentSwitch, boolean>;
}

export type SandboxPaymentsResult =
  | { kind: 'ok'; view: SandboxPaymentsView }
  | { kind: 'keyNeeded' }
  | { kind: 'failed' };

/** The payment sandbox's admin view (sessions with challenge codes, notifications, switches), with the key. */
export async function fetchSandboxPayments(key: string | undefined): Promise<SandboxPaymentsResult> {
  if (!key) return { kind: 'keyNeeded' };
  const headers = { 'x-sandbox-key': key };
  const [cards, sessions, deliveries, switches] = await Promise.all([
    getJson<{ cards: SandboxTestCard[] }>('/api/sandbox/payments/test-cards', undefined, { headers }),
    getJson<{ sessions: SandboxPaymentSession[] }>('/api/sandbox/payments/sessions', undefined, { headers }),
    getJson<{ deliveries: SandboxDelivery[] }>('/api/sandbox/payments/deliveries', undefined, { headers }),
    getJson<{ switches: Record<PaymentSwitch, boolean> }>('/api/sandbox/payments/switches', undefined, { headers }),
  ]);
  const all = [cards, sessions, deliveries, switches];
  if (all.some((r) => r.status === 401 || r.status === 404)) return { kind: 'keyNeeded' };
  if (!cards.data || !sessions.data || !deliveries.data || !switches.data) return { kind: 'failed' };
  return {
    kind: 'ok',
    view: {
      testCards: cards.data.cards,
      sessions: sessions.data.sessions,
      deliveries: deliveries.data.deliveries,
      switches: switches.data.switches,
    },
  };
}

/** Turns one failure switch on or off. */
export async function setPaymentSwitch(key: string, name: PaymentSwitch, enabled: boolean): Promise<boolean> {
  const r = await postJson(
    '/api/sandbox/payments/switches',
    { [name]: enabled },
    { headers: { 'x-sandbox-key': key } },
  );
  return r.ok;
}
