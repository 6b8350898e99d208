import { normalisePhone, PHONE_TEXTS, type PhoneFailure, type PhoneSuccess } from '@app/contract/phones';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  AddVirtualQuerySchema,
  PhoneFailureSchema,
  PhoneListResponseSchema,
  PhoneOnlyRequestSchema,
  PhoneSuccessSchema,
  UpdatePhoneActivationAnswerSchema,
  UpdatePhoneActivationRequestSchema,
  ValidPhoneCodeRequestSchema,
  ValidPhoneRequestSchema,
  VirtualPhoneResponseSchema,
} from '@app/contract/schemas/phones';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { he } from '../i18n/messages.ts';
import { type InvalidInputAnswer, refusal } from '../platform/http/call-contract.ts';
import type { PhoneOutcome, PhoneService } from './phone-service.ts';

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

/** The number's or the code's rule refused, in the spec's answer (500 with the rule's text). */
const ruleFailure = (text: string) => ({ status: 500, body: { status: 500, errors: [text] } });

/**
 * A phone call's request the schema refused, answered as the call answers it: a number that is not text (or a body
 * that is no form) is no number; a code that is not text is no code (once the number is one); a flag that is neither
 * is a bad request.
 */
const phoneRefused: InvalidInputAnswer = (_part, issues, req) => {
  const fields = new Set(issues.map((i) => i.path[0] ?? '*'));
  const given = (req.body as { Phone1?: unknown } | null)?.Phone1;
  if (fields.has('*') || fields.has('Phone1')) return ruleFailure(PHONE_TEXTS.invalid);
  if (fields.has('Code'))
    return ruleFailure(
      normalisePhone(typeof given === 'string' ? given : '') ? PHONE_TEXTS.codeInvalid : PHONE_TEXTS.invalid,
    );
  return refusal(400, he.badRequest);
};

/** The verification calls' answers: the number, or the spec's 500 with the reason; 422 for a guest. */
const verifyAnswers = { 200: PhoneSuccessSchema, 422: RefusalSchema, 500: PhoneFailureSchema };

/**
 * Phone verification calls of the contact step (after-save-area.md §7): every one needs a logged-in customer
 * (422 like the other publish calls, before the request is read); the POSTs pass the CSRF check and the input guard
 * like every POST. The customer is always the session's: a CustID in the body is ignored. Each call declares its
 * request and answers (packages/contract/src/schemas/phones.ts).
 */
export function publishPhoneRoutes(app: FastifyInstance, deps: { phones: PhoneService }): void {
  const { phones } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const respond = async (reply: FastifyReply, customerId: number, outcome: PhoneOutcome) =>
    answer(reply, outcome, outcome.ok ? await phones.virtualOf(customerId, outcome.phone) : null);
  const customerOnly = app.customerOnly;

  /** A verification call: the customer's own, its body by the schema, its outcome in the spec's answer. */
  const verifyCall = <Body extends z.ZodType>(
    url: string,
    summary: string,
    body: Body,
    run: (customerId: number, ip: string, body: z.infer<Body>) => Promise<PhoneOutcome>,
  ) =>
    routes.post(
      url,
      {
        preValidation: customerOnly,
        schema: { summary, body, response: verifyAnswers },
        config: { invalidInput: phoneRefused },
      },
      async (req, reply) => {
        const customer = await req.guardedCustomer();
        return respond(reply, customer.id, await run(customer.id, req.ip, req.body as z.infer<Body>));
      },
    );

  verifyCall('/api/publish/valid-phone', 'שליחת קוד אימות במסרון', ValidPhoneRequestSchema, (id, ip, body) =>
    phones.sendSms(id, ip, body),
  );
  verifyCall('/api/publish/valid-phone-code', 'אישור קוד האימות', ValidPhoneCodeRequestSchema, (id, ip, body) =>
    phones.confirmCode(id, ip, body),
  );
  verifyCall('/api/publish/send_IVR_confirmation', 'שיחה קולית לאימות המספר', PhoneOnlyRequestSchema, (id, ip, body) =>
    phones.sendCall(id, ip, body),
  );
  verifyCall(
    '/api/publish/valid-phone-check',
    'האם השיחה הקולית אימתה את המספר',
    PhoneOnlyRequestSchema,
    (id, _ip, body) => phones.checkCall(id, body),
  );

  routes.post(
    '/api/publish/update-phone-activation',
    {
      preValidation: customerOnly,
      schema: {
        summary: 'הצגת מספר מאומת בפרסום, או הסתרתו',
        body: UpdatePhoneActivationRequestSchema,
        response: { 200: UpdatePhoneActivationAnswerSchema, 404: RefusalSchema, 422: RefusalSchema },
      },
    },
    async (req, reply) => {
      const customer = await req.guardedCustomer();
      const deactivate = String(req.body.newState) === '1';
      // Not this customer's number (or no number at all): 404, whoever else may own it.
      if (!(await phones.setActive(customer.id, req.body.phone, deactivate))) {
        return reply.code(404).send({ status: 404, message: he.phoneNotFound });
      }
      return { status: 200 as const, deactivatedInPublish: deactivate ? (1 as const) : (0 as const) };
    },
  );

  // The spec's "add virtual phone" (§7): a GET that allocates, so the CSRF check covers it like a POST.
  routes.get(
    '/api/publish/add-virtual',
    {
      preValidation: customerOnly,
      config: { changesState: true },
      schema: {
        summary: 'מספר וירטואלי למספר מאומת',
        querystring: AddVirtualQuerySchema,
        response: {
          200: VirtualPhoneResponseSchema,
          404: RefusalSchema,
          422: RefusalSchema,
          500: PhoneFailureSchema,
        },
      },
    },
    async (req, reply) => {
      const customer = await req.guardedCustomer();
      const outcome = await phones.addVirtual(customer.id, req.query.phone);
      if (outcome.ok) {
        const { ok: _, ...rest } = outcome;
        return { status: 200 as const, ...rest };
      }
      if ('notFound' in outcome) return reply.code(404).send({ status: 404, message: he.phoneNotFound });
      return reply.code(500).send({ status: 500, error: outcome.error } satisfies PhoneFailure);
    },
  );

  routes.get(
    '/api/publish/phones',
    {
      preValidation: customerOnly,
      schema: {
        summary: 'המספרים המאומתים של הלקוח',
        response: { 200: PhoneListResponseSchema, 422: RefusalSchema },
      },
    },
    async (req) => ({ status: 200 as const, phones: await phones.options((await req.guardedCustomer()).id) }),
  );
}
