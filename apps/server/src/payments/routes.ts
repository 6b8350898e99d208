/**
 * The payment provider's side of paying (after-save-area.md §4 "Payment result", §7):
 *   POST /api/payments/notify      the provider's signed notification (raw body; no cookie, no CSRF)
 *   GET  /api/payments/success | failure | failureUpgrade   where the hosted page sends its frame: never proof of
 *        payment; they only lead on to /finishPayment (success may ask the provider once).
 * What is paid for, and the calls that start a payment, are plans' (plans/plan-payment-routes.ts).
 */
import { NotifyAnswerSchema, PaymentReturnQuerySchema, RedirectAnswer } from '@app/contract/schemas/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import { type PaymentService, safePath } from './service.ts';

/** Where /finishPayment goes after a return URL (the OrderID of the payment's ad). */
function finishPaymentPath(orderId: number | null, result: 'success' | 'failure', upgrade = false): string {
  const query = new URLSearchParams();
  if (orderId !== null) query.set('OrderID', String(orderId));
  query.set('result', result);
  if (upgrade) query.set('action', 'upgrade');
  return `/finishPayment?${query}`;
}

export function paymentRoutes(app: FastifyInstance, deps: { payments: PaymentService }): void {
  const { payments } = deps;

  // The provider's notification: the exact bytes are what the signature covers, so the body stays raw here.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const notifyAnswers = { 200: NotifyAnswerSchema, 404: NotifyAnswerSchema, 409: NotifyAnswerSchema };
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/notify',
      {
        config: { signedCallback: true },
        schema: {
          summary: 'הודעה חתומה של ספק התשלומים',
          description: 'גוף הבקשה הוא הבתים שהחתימה מכסה, כפי שהם',
          response: { ...notifyAnswers, 400: NotifyAnswerSchema, 503: NotifyAnswerSchema },
        },
      },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const { code, outcome } = await payments.notify(raw, req.headers);
        // A refusal says why in Hebrew like every other answer of ours (the provider only reads the status).
        const message =
          code < 400 ? undefined : code === 404 ? he.notFound : code >= 500 ? he.serviceUnavailable : he.badRequest;
        return reply.code(code).send({ status: code, outcome, ...(message ? { message } : {}) });
      },
    );
  });

  // The return URLs: the hosted page sends its frame here. Never proof of payment.
  const returnRoute = (kind: 'success' | 'failure' | 'failureUpgrade') =>
    app.withTypeProvider<ZodTypeProvider>().get(
      `/api/payments/${kind}`,
      {
        schema: {
          summary: 'חזרה מעמוד התשלום של הספק (אינה הוכחת תשלום)',
          querystring: PaymentReturnQuerySchema,
          response: { 303: RedirectAnswer },
        },
      },
      async (req, reply) => {
        const pid =
          typeof req.query.pid === 'string' && /^pay_[A-Za-z0-9_-]{10,60}$/.test(req.query.pid) ? req.query.pid : '';
        const payment = pid ? await payments.findByPublicId(pid) : null;
        if (!payment) return reply.redirect(finishPaymentPath(null, 'failure'), 303);
        if (payment.status === 'created') {
          // The notification may be on its way: ask the provider once (its answer, not this visit, decides). On the
          // failure return too, so the finish page the frame goes on to shows the failure, not 'awaiting payment'.
          await payments.reconcile(payment).catch((err) => req.log.warn({ err }, 'payment reconcile on return failed'));
        }
        const next = safePath(req.query.next);
        if (next) return reply.redirect(next, 303);
        return reply.redirect(
          finishPaymentPath(payment.adId, kind === 'success' ? 'success' : 'failure', kind === 'failureUpgrade'),
          303,
        );
      },
    );
  returnRoute('success');
  returnRoute('failure');
  returnRoute('failureUpgrade');
}
