import type { ContactUsSaveResponse } from '@app/contract/contactUs';
import {
  ContactUsFetchQuerySchema,
  ContactUsFetchResponseSchema,
  ContactUsSaveRequestSchema,
  ContactUsSaveResponseSchema,
} from '@app/contract/schemas/contactUs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heContactUs } from '../i18n/contact-us.ts';
import { he } from '../i18n/messages.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { type InvalidInputAnswer, refusal } from '../platform/http/call-contract.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { CONTACT_US_PER_HOUR, contactUsForm, fieldErrorMessage, readContactUs, readSubmailto } from './form.ts';
import { insertContactUsMessage, markContactUsMailed } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

interface Deps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Where a message is mailed (SUPPORT_EMAIL). */
  supportEmail: string;
}

/**
 * A sent form the schema refuses (a field that is not text): the form's own refusal, every failing field with its
 * errorMessage, as the check of a well-typed form answers.
 */
const formErrors: InvalidInputAnswer = (_part, issues, req) => {
  const check = readContactUs(req.body);
  const errors: NonNullable<ContactUsSaveResponse['errors']> = check.ok ? {} : { ...check.errors };
  for (const { path } of issues) {
    const name = path[0] as keyof typeof errors | undefined;
    const message = name === undefined ? undefined : fieldErrorMessage(name);
    if (name && message) errors[name] ??= message;
  }
  if (Object.keys(errors).length === 0) return refusal(400, he.badRequest);
  return { status: 400, body: { success: false, errors, message: heContactUs.fieldErrors } };
};

/**
 * The contact-us calls (after-save-area.md §7), public:
 * - GET /api/contact-us/fetch[?submailto=1..4]: the form as data (contact-us/form.ts), the subject
 *   prefilled by submailto.
 * - POST /api/contact-us/save: the fields by name. 400 { success: false, errors } with each failing field's
 *   errorMessage (nothing stored); 429 past CONTACT_US_PER_HOUR per address; else the message is stored (with the
 *   session's customer, whose id is appended to the description, spec §5) and mailed to the support address.
 *   CSRF as on every POST (platform/http/csrf.ts).
 */
export function contactUsRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, limiter, mailer, supportEmail } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/contact-us/fetch',
    {
      schema: {
        summary: 'טופס צור קשר',
        querystring: ContactUsFetchQuerySchema,
        response: { 200: ContactUsFetchResponseSchema },
      },
    },
    async (req) => contactUsForm(readSubmailto(req.query.submailto)),
  );

  routes.post(
    '/api/contact-us/save',
    {
      schema: {
        summary: 'שליחת פנייה מטופס צור קשר',
        body: ContactUsSaveRequestSchema,
        response: {
          200: ContactUsSaveResponseSchema,
          400: ContactUsSaveResponseSchema,
          429: ContactUsSaveResponseSchema,
        },
      },
      config: { invalidInput: formErrors },
    },
    async (req, reply) => {
      const check = readContactUs(req.body);
      if (!check.ok) {
        const body: ContactUsSaveResponse = { success: false, errors: check.errors, message: heContactUs.fieldErrors };
        return reply.code(400).send(body);
      }
      const { count } = await limiter.hit(`contact-us:ip:${req.ip}`, HOUR_MS);
      if (count > CONTACT_US_PER_HOUR) {
        return reply.code(429).send({ success: false, message: heContactUs.tooMany } satisfies ContactUsSaveResponse);
      }
      const customer = await req.customer();
      const customerId = customer ? Number(customer.id) : null;
      const message = { ...check.message };
      if (customerId !== null)
        message.description = `${message.description}\n\n${heContactUs.customerIdLine(customerId)}`;
      const id = await insertContactUsMessage(db, message, customerId, clock.now());
      // Stored first: a mail failure loses nothing (support reads the table), and the visitor is not asked to send
      // the same message again.
      try {
        await mailer.send({
          to: supportEmail,
          subject: heContactUs.mailSubject(check.subjectText, id),
          text: heContactUs.mailBody({
            subject: check.subjectText,
            description: message.description,
            email: message.email,
            phone: message.phone,
            customer: customerId === null ? heContactUs.visitor : heContactUs.customerIdLine(customerId),
          }),
        });
        await markContactUsMailed(db, id, clock.now());
      } catch (err) {
        req.log.error({ err, contactUsId: id }, 'contact-us mail failed; the message is stored');
      }
      return { success: true } satisfies ContactUsSaveResponse;
    },
  );
}
