/**
 * Our side of the sandbox provider (PAYMENT_PROVIDER=sandbox): the PaymentProvider adapter that calls the sandbox's
 * server-to-server API over HTTP with PAYMENT_API_KEY, exactly as an adapter of a real provider would call theirs,
 * and checks notifications with PAYMENT_WEBHOOK_SECRET.
 */
import { isPaymentFailureReason } from '@app/contract/orders';
import type { Config } from '../../platform/config.ts';
import { OutsideService } from '../../platform/outside-call.ts';
import {
  type CreatedSession,
  type CreateSessionInput,
  type NotificationCheck,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderResult,
  type RefundInput,
  type SavedCardChargeInput,
  type SavedCardChargeResult,
  type SavedCardCharges,
  verifySignedNotification,
} from '../provider.ts';

export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

function checkedResult(out: ProviderResult): ProviderResult {
  if (!['pending', 'paid', 'declined', 'cancelled'].includes(out.status) || !Number.isInteger(out.amountAgorot))
    throw new ProviderError('payment provider answered a malformed result');
  // A reason we do not know is no reason (the finish page then says the general failure).
  return { ...out, failureReason: isPaymentFailureReason(out.failureReason) ? out.failureReason : null };
}

export class SandboxPaymentProvider implements PaymentProvider, SavedCardCharges {
  readonly name = 'sandbox';
  readonly savedCards: SavedCardCharges = this;

  constructor(
    private readonly config: Pick<Config, 'PAYMENT_API_KEY' | 'PAYMENT_WEBHOOK_SECRET'>,
    /** The sandbox API's base URL (its listener in this process). */
    private readonly apiBase: () => string,
    /**
     * Deadline, breaker and retries of its calls (platform/outside-call.ts), as a real provider's adapter has them.
     * Every call here may be repeated: a session and a refund are made once per idempotency key, a read is a read.
     */
    private readonly service = new OutsideService('payments-sandbox', { timeoutMs: 15_000 }),
  ) {}

  private call<T>(operation: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    return this.service.call(
      operation,
      async (signal) => {
        let res: Response;
        try {
          res = await fetch(`${this.apiBase()}${path}`, {
            method,
            headers: {
              authorization: `Bearer ${this.config.PAYMENT_API_KEY}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal,
          });
        } catch (err) {
          throw new ProviderError(`payment provider unreachable: ${String(err)}`);
        }
        if (!res.ok)
          throw new ProviderError(`payment provider answered ${res.status} to ${method} ${path}`, res.status);
        return (await res.json()) as T;
      },
      { idempotent: true },
    );
  }

  async createSession(input: CreateSessionInput): Promise<CreatedSession> {
    const out = await this.call<CreatedSession>('session', 'POST', '/v1/sessions', input);
    if (typeof out.sessionId !== 'string' || typeof out.hostedUrl !== 'string')
      throw new ProviderError('payment provider answered a malformed session');
    return { sessionId: out.sessionId, hostedUrl: out.hostedUrl };
  }

  async getResult(sessionId: string): Promise<ProviderResult> {
    return checkedResult(
      await this.call<ProviderResult>('result', 'GET', `/v1/sessions/${encodeURIComponent(sessionId)}`),
    );
  }

  async cancelSession(sessionId: string): Promise<ProviderResult> {
    return checkedResult(
      await this.call<ProviderResult>('cancel', 'POST', `/v1/sessions/${encodeURIComponent(sessionId)}/cancel`, {}),
    );
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    const out = await this.call<ProviderRefund>('refund', 'POST', '/v1/refunds', input);
    if (typeof out.refundId !== 'string' || out.amountAgorot !== input.amountAgorot)
      throw new ProviderError('payment provider answered a malformed refund');
    return { refundId: out.refundId, amountAgorot: out.amountAgorot };
  }

  async chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardChargeResult> {
    const out = await this.call<{
      chargeId?: unknown;
      status?: unknown;
      amountAgorot?: unknown;
      failureReason?: unknown;
    }>('charge', 'POST', '/v1/charges', {
      token: input.card.token,
      amountAgorot: input.amountAgorot,
      merchantRef: input.merchantRef,
      description: input.description,
      idempotencyKey: input.idempotencyKey,
    });
    if (out.status === 'paid' && typeof out.chargeId === 'string' && out.amountAgorot === input.amountAgorot)
      return { status: 'paid', chargeId: out.chargeId, amountAgorot: input.amountAgorot };
    if (out.status === 'declined')
      return {
        status: 'declined',
        failureReason: isPaymentFailureReason(out.failureReason) ? out.failureReason : null,
      };
    throw new ProviderError('payment provider answered a malformed charge');
  }

  verifyNotification(
    rawBody: Buffer | string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): NotificationCheck {
    return verifySignedNotification(this.config.PAYMENT_WEBHOOK_SECRET, rawBody, headers, now);
  }
}
