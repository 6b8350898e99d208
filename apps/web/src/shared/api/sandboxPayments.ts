import { getJson, postJson } from './http.ts';

/** One hosted session of the payment sandbox, as its admin view lists it. */
export interface SandboxPaymentSession {
  id: string;
  merchantRef: string;
  amountAgorot: number;
  description: string;
  channel: 'creditCard' | 'bit';
  status: 'pending' | 'challenge' | 'paid' | 'declined' | 'cancelled';
  challengeCode: string | null;
  notifyMode: 'normal' | 'slow' | 'lost';
  cardLast4: string | null;
  createdAt: string;
  /** How much of the charge the sandbox refunded. */
  refundedAgorot: number;
}

export interface SandboxDelivery {
  eventId: string;
  sessionId: string;
  kind: string;
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: number;
  lastStatus: number | null;
  createdAt: string;
}

export const PAYMENT_SWITCHES = [
  'declineAll',
  'dropNotifications',
  'failNotifications',
  'apiUnavailable',
  'loseRefundAnswers',
] as const;
export type PaymentSwitch = (typeof PAYMENT_SWITCHES)[number];

/** What a test card of the hosted card page does (the sandbox's test-cards.json). */
export type TestCardBehaviour =
  | 'success'
  | 'decline'
  | 'expiredCard'
  | 'authenticationFails'
  | 'processingError'
  | 'challenge'
  | 'slow'
  | 'lost';

export interface SandboxTestCard {
  number: string;
  behaviour: TestCardBehaviour;
}

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
