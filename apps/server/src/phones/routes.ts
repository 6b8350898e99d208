import type { PhoneFailure, PhoneListResponse, PhoneSuccess, VirtualPhoneResponse } from '@app/contract/phones';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireCustomer } from '../catalogue/steps-routes.ts';
import { he } from '../i18n/messages.ts';
import type { PhoneOutcome, PhoneService } from './phone-service.ts';

type Body = Record<string, unknown>;

/** The body as a flat object (anything else reads as empty: every field then fails its rule). */
function body(req: FastifyRequest): Body {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Body) : {};
}

/**
 * The spec's answers: 200 { virtualPhoneID, phone, virtualPhone } (the number's virtual number when it has one)
 * or 500 { error | errors } (§7).
 */
function answer(reply: FastifyReply, outcome: PhoneOutcome, virtual: { id: number; virtualPhone: string } | null) {
  if (outcome.ok) {
    const ok: PhoneSuccess = {
      status: 200,
      virtualPhoneID: virtual?.id ?? null,
      phone: outcome.phone,
      virtualPhone: virtual?.virtualPhone ?? null,
      confirmed: outcome.confirmed,
      ...(outcome.result === undefined ? {} : { result: outcome.result }),
    };
    return reply.code(200).send(ok);
  }
  const failure: PhoneFailure =
    'errorType' in outcome
      ? { status: 500, error: outcome.error, errorType: outcome.errorType }
      : { status: 500, errors: outcome.errors };
  return reply.code(500).send(failure);
}

/**
 * Phone verification calls of the contact step (after-save-area.md §7): every one needs a logged-in customer
 * (422 like the other publish calls); the POSTs pass the CSRF check and the input guard like every POST. The
 * customer is always the session's: a CustID in the body is ignored.
 */
export function publishPhoneRoutes(app: FastifyInstance, deps: { phones: PhoneService }): void {
  const { phones } = deps;
  const respond = async (reply: FastifyReply, customerId: number, outcome: PhoneOutcome) =>
    answer(reply, outcome, outcome.ok ? await phones.virtualOf(customerId, outcome.phone) : null);

  app.post('/api/publish/valid-phone', async (req, reply) => {
    const customer = await requireCustomer(req, reply);
    if (!customer) return reply;
    return respond(reply, customer.id, await phones.sendSms(customer.id, req.ip, body(req)));
  });

  app.post('/api/publish/valid-phone-code', async (req, reply) => {
    const customer = await requireCustomer(req, reply);
    if (!customer) return reply;
    return respond(reply, customer.id, await phones.confirmCode(customer.id, req.ip, body(req)));
  });

  app.post('/api/publish/send_IVR_confirmation', async (req, reply) => {
    const customer = await requireCustomer(req, reply);
    if (!customer) return reply;
    return respond(reply, customer.id, await phones.sendCall(customer.id, req.ip, body(req)));
  });

  app.post('/api/publish/valid-phone-check', async (req, reply) => {
    const customer = await requireCustomer(req, reply);
    if (!customer) return reply;
    return respond(reply, customer.id, await phones.checkCall(customer.id, body(req)));
  });

  app.post('/api/publish/update-phone-activation', async (req, reply) => {
    const customer = await requireCustomer(req, reply);
    if (!customer) return reply;
    const b = body(req);
    const newState = String(b.newState ?? '');
    if (newState !== '0' && newState !== '1') return reply.code(400).send({ status: 400, message: he.badRequest });
    // Not this customer's number (or no number at all): 404, whoever else may own it.
    if (!(await phones.setActive(customer.id, b.phone, newState === '1'))) {
      return reply.code(404).send({ status: 404, message: he.phoneNotFound });
    }
    return { status: 200, deactivatedInPublish: newState === '1' ? 1 : 0 };
  });

  // The spec's "add virtual phone" (§7): a GET that allocates, so the CSRF check covers it like a POST.
  app.get<{ Querystring: { phone?: string } }>(
    '/api/publish/add-virtual',
    { config: { changesState: true } },
    async (req, reply) => {
      const customer = await requireCustomer(req, reply);
      if (!customer) return reply;
      const outcome = await phones.addVirtual(customer.id, req.query.phone);
      if (outcome.ok) {
        const { ok: _, ...rest } = outcome;
        return { status: 200, ...rest } satisfies VirtualPhoneResponse;
      }
      if ('notFound' in outcome) return reply.code(404).send({ status: 404, message: he.phoneNotFound });
      return reply.code(500).send({ status: 500, error: outcome.error } satisfies PhoneFailure);
    },
  );

  app.get('/api/publish/phones', async (req, reply): Promise<PhoneListResponse | FastifyReply> => {
    const customer = await requireCustomer(req, reply);
    if (!customer) return reply;
    return { status: 200, phones: await phones.options(customer.id) };
  });
}
