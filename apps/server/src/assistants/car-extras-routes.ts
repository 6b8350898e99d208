/**
 * The car ad's side requests of the wizard (publish-wizard.md §4 "Field behaviour", §7; after-save-area.md
 * §4-§7): the duplicate-ad check before the second step, the trade-in lead and the missing sub-model report.
 * All need a session (422 otherwise) and the CSRF header (platform/http/csrf.ts; the stinker GET declares it changes
 * state). An OrderID that is not the customer's own ad is 404 and nothing is stored.
 */
import type {
  DuplicationCheckResponse,
  MissingSubModelResponse,
  PriceReminderOptionsResponse,
  TradeInLeadResponse,
} from '@app/contract/carExtras';
import {
  DuplicationCheckRequestSchema,
  DuplicationCheckResponseSchema,
  MissingSubModelBodySchema,
  MissingSubModelQuerySchema,
  MissingSubModelResponseSchema,
  PriceReminderOptionsResponseSchema,
  PriceReminderQuerySchema,
  TradeInLeadRequestSchema,
  TradeInLeadResponseSchema,
} from '@app/contract/schemas/carExtras';
import { RefusalSchema } from '@app/contract/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adNumber, findOwnSavedAd } from '../ads/own-ad.ts';
import { carExtrasHe } from '../i18n/car-extras.ts';
import { he } from '../i18n/messages.ts';
import { recordLead } from '../leads/record-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { findSameCarAd, insertMissingSubModel, insertTradeInLead, livePricesOfSame } from './car-extras-repository.ts';
import {
  pricePresets,
  readDuplicationCheck,
  readMissingSubModel,
  readPriceMatch,
  readTradeInLead,
} from './car-extras-service.ts';

type Body = Record<string, unknown>;
const bodyOf = (v: unknown): Body => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
const idText = (v: unknown): string => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '');

/** Requests one customer may send per hour (a person sends one or two; a script is stopped). */
const REQUESTS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

export function carExtrasRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; limiter: RateLimiter }): void {
  const { db, clock, limiter } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  /** A guest's 422, another account's ad's 404. */
  const refusals = { 404: RefusalSchema, 422: RefusalSchema } as const;

  /** The OrderID of the body: none (null), the customer's own ad (its id), or not theirs (404 sent, undefined). */
  async function ownOrder(reply: FastifyReply, customerId: number, raw: unknown): Promise<number | null | undefined> {
    const text = idText(raw);
    if (text === '' || text === '0') return null;
    const ad = await findOwnSavedAd(db, customerId, text);
    if (!ad) {
      await reply.code(404).send({ status: 404, message: he.adNotFound });
      return undefined;
    }
    return ad.orderId;
  }

  async function overLimit(kind: string, customerId: number): Promise<boolean> {
    const { count } = await limiter.hit(`${kind}:cust:${customerId}`, HOUR_MS);
    return count > REQUESTS_PER_HOUR;
  }

  // Spec §7: errors are swallowed by the wizard, so any input that does not apply answers "no duplicate".
  const duplicationSchema = {
    summary: 'בדיקת מודעה כפולה של אותו רכב',
    body: DuplicationCheckRequestSchema,
    response: { 200: DuplicationCheckResponseSchema, ...refusals },
  };
  typed.post('/api/publish/check-duplication-car', { schema: duplicationSchema }, async (req, reply) => {
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return reply;
    const body = bodyOf(req.body);
    const check = readDuplicationCheck(body);
    if (!check) return { status: 200, duplication: false } satisfies DuplicationCheckResponse;
    const exclude = adNumber(idText(body.OrderID));
    const same = await findSameCarAd(db, { customerId: customer.id, ...check, exclude });
    if (!same) return { status: 200, duplication: false } satisfies DuplicationCheckResponse;
    return {
      status: 200,
      duplication: true,
      OrderID: same,
      upgradeOrderUrl: `/my-ads?upgrade=${same}`,
    } satisfies DuplicationCheckResponse;
  });

  const tradeInSchema = {
    summary: 'פנייה להחלפת רכב (טרייד-אין)',
    body: TradeInLeadRequestSchema,
    response: {
      200: TradeInLeadResponseSchema,
      400: TradeInLeadResponseSchema,
      429: TradeInLeadResponseSchema,
      ...refusals,
    },
  };
  typed.post('/api/publish/car-trader/trade-in-lead', { schema: tradeInSchema }, async (req, reply) => {
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return reply;
    const body = bodyOf(req.body);
    const adId = await ownOrder(reply, customer.id, body.OrderID);
    if (adId === undefined) return reply;
    const check = readTradeInLead(body);
    if (!check.ok) {
      return reply.code(400).send({
        status: 400,
        data: { success: false },
        errors: check.errors,
        message: carExtrasHe.fieldErrors,
      } satisfies TradeInLeadResponse);
    }
    if (await overLimit('trade-in', customer.id)) {
      return reply
        .code(429)
        .send({ status: 429, data: { success: false }, message: carExtrasHe.tooMany } satisfies TradeInLeadResponse);
    }
    const leadId = await insertTradeInLead(db, { customerId: customer.id, adId, ...check.value }, clock.now());
    await recordLead(db, clock.now(), { kind: 'trade-in', source: leadId, adId, ...check.value });
    return { status: 200, data: { success: true } } satisfies TradeInLeadResponse;
  });

  const missingSubModel = async (req: FastifyRequest, reply: FastifyReply) => {
    const query = bodyOf(req.query);
    if (query.action !== 'missingSubModel') return reply.code(404).send({ status: 404, message: he.badRequest });
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return reply;
    // GET carries the report in the query, POST in the body (the query's fields fill what the body lacks).
    const body = { ...query, ...bodyOf(req.body) };
    const adId = await ownOrder(reply, customer.id, body.OrderID);
    if (adId === undefined) return reply;
    const check = readMissingSubModel(body);
    if (!check.ok) {
      return reply.code(400).send({
        status: 400,
        success: false,
        errors: check.errors,
        message: carExtrasHe.fieldErrors,
      } satisfies MissingSubModelResponse);
    }
    if (await overLimit('missing-sub-model', customer.id)) {
      return reply
        .code(429)
        .send({ status: 429, success: false, message: carExtrasHe.tooMany } satisfies MissingSubModelResponse);
    }
    const subcat = Number(idText(body.SubCatID ?? body.subcat));
    const reportId = await insertMissingSubModel(
      db,
      {
        customerId: customer.id,
        adId,
        cat: 1,
        subcat: Number.isInteger(subcat) && subcat > 0 && subcat < 100 ? subcat : null,
        subModel: check.value.subModel,
        details: check.value.details,
      },
      clock.now(),
    );
    await recordLead(db, clock.now(), { kind: 'missing-sub-model', source: reportId, adId, ...check.value });
    return { status: 200, success: true } satisfies MissingSubModelResponse;
  };
  // Ours (the price reminder's preset options, publish-wizard.md §9): the market of live ads of the same thing.
  const presetsSchema = {
    summary: 'מחירים מוצעים לתזכורת המחיר',
    querystring: PriceReminderQuerySchema,
    response: { 200: PriceReminderOptionsResponseSchema, 422: RefusalSchema },
  };
  typed.get('/api/publish/price-reminder-options', { schema: presetsSchema }, async (req, reply) => {
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return reply;
    const match = readPriceMatch(bodyOf(req.query));
    const prices = match ? pricePresets(await livePricesOfSame(db, match)) : [];
    return { status: 200, prices } satisfies PriceReminderOptionsResponse;
  });

  const missingAnswers = {
    200: MissingSubModelResponseSchema,
    400: MissingSubModelResponseSchema,
    429: MissingSubModelResponseSchema,
    ...refusals,
  };
  const missingSummary = 'דיווח על דגם משנה חסר';
  typed.get(
    '/api/stinker',
    {
      schema: { summary: missingSummary, querystring: MissingSubModelQuerySchema, response: missingAnswers },
      config: { changesState: true },
    },
    missingSubModel,
  );
  typed.post(
    '/api/stinker',
    {
      schema: {
        summary: missingSummary,
        querystring: MissingSubModelQuerySchema,
        body: MissingSubModelBodySchema,
        response: missingAnswers,
      },
    },
    missingSubModel,
  );
}
