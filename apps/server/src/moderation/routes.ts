/**
 * The moderation calls of the console (roles moderator and admin; the rules' change is the admin's): the queue,
 * oldest first, a page at a time; a case with the ad as buyers will see it and its advertiser's history; approve,
 * reject with a reason, the same for many at once; and the rules that decide which ads are held.
 */
import { mediaUrl } from '@app/contract/media';
import type { DecisionAnswer, ReviewCase, ReviewDetail } from '@app/contract/operator';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  BulkDecisionAnswerSchema,
  BulkDecisionRequestSchema,
  DecisionAnswerSchema,
  QueuePageSchema,
  QueueQuerySchema,
  RejectRequestSchema,
  ReviewDetailSchema,
  ReviewParamsSchema,
  RulesAnswerSchema,
  RulesRequestSchema,
} from '@app/contract/schemas/moderation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adTitleOf } from '../ads/ad-title.ts';
import { type Ad, findAd } from '../ads/ads-repository.ts';
import { he } from '../i18n/messages.ts';
import { heModeration, REJECT_TEMPLATES, type RejectTemplate } from '../i18n/moderation.ts';
import { heOperator } from '../i18n/operator.ts';
import type { Mailer } from '../mail/mailer.ts';
import { appendAudit, listAudit } from '../operator/staff-repository.ts';
import { findCustomerSummary } from '../operator/support-repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { type InputIssue, type InvalidInputAnswer, refusal, refuseWith } from '../platform/http/call-contract.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { closeCase, type DecideDeps, type DecisionInput, decide } from './decide.ts';
import { adPreview, wordsNow } from './preview.ts';
import { advertiserHistory, findReview, queuePage, type Review, reviewsOf } from './reviews-repository.ts';
import { readBlockedWords, readRules, saveRules } from './rules.ts';

const MODERATOR = ['moderator'] as const;
const PAGE = 25;
/** Every console call's refusals: not logged in, another role. */
const refusals = { 401: RefusalSchema, 403: RefusalSchema } as const;

const wireReview = (r: Review): ReviewCase => ({
  id: r.id,
  adId: r.adId,
  heldAs: r.heldAs,
  stage: r.stage,
  reasons: r.reasons,
  queuedAt: r.queuedAt.toISOString(),
  decision: r.decision,
  rejectTemplate: r.rejectTemplate,
  rejectText: r.rejectText,
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** The queue's cursor (its form checked by the schema): `${queuedAt ISO}_${id}`; null when its time is no time. */
function cursorOf(text: string | undefined): { queuedAt: Date; id: number } | null | undefined {
  if (!text) return undefined;
  const cut = text.lastIndexOf('_');
  const queuedAt = new Date(text.slice(0, cut));
  return Number.isNaN(queuedAt.getTime()) ? null : { queuedAt, id: Number(text.slice(cut + 1)) };
}

type ReasonErrors = { errors: { fieldName: string; msg: string }[] };

/** A reject's reason (its types checked by the schema): a template, and free text (required for 'other'). */
function rejectOf(body: { template?: string | undefined; text?: string | undefined }): DecisionInput | ReasonErrors {
  const { template } = body;
  const text = body.text ?? '';
  if (template === undefined || !Object.hasOwn(REJECT_TEMPLATES, template))
    return { errors: [{ fieldName: 'template', msg: heModeration.templateRequired }] };
  if (template === 'other' && !text) return { errors: [{ fieldName: 'text', msg: heModeration.otherNeedsText }] };
  return { action: 'reject', template: template as RejectTemplate, text };
}

/** A reason the schema refused, as a reject's check answers it: the template's error first, then the text's. */
const reasonErrors = (issues: InputIssue[], body: unknown): ReasonErrors | null => {
  const template = body && typeof body === 'object' ? (body as { template?: unknown }).template : undefined;
  if (typeof template !== 'string' || !Object.hasOwn(REJECT_TEMPLATES, template))
    return { errors: [{ fieldName: 'template', msg: heModeration.templateRequired }] };
  if (issues.some((i) => i.path[0] === 'text'))
    return { errors: [{ fieldName: 'text', msg: heModeration.textTooLong }] };
  return null;
};

/** A reject the schema refused: a case's id that is no id is not found; a bad reason is its field's error. */
const rejectRefused: InvalidInputAnswer = (part, issues, req) => {
  if (part === 'params') return refusal(404, heOperator.notFound);
  const errors = part === 'body' ? reasonErrors(issues, req.body) : null;
  return errors ? { status: 400, body: { status: 400, ...errors } } : refusal(400, he.badRequest);
};

/** A bulk decision the schema refused: no case or too many said so, a bad reason as a reject's, else a bad request. */
const bulkRefused: InvalidInputAnswer = (_part, issues, req) => {
  const ids = issues.find((i) => i.path[0] === 'reviewIds');
  if (ids?.path.length === 1 && ids.code === 'too_small') return refusal(400, heModeration.bulkEmpty);
  if (ids?.path.length === 1 && ids.code === 'too_big') return refusal(400, heModeration.bulkTooMany);
  const reject = (req.body as { action?: unknown } | null)?.action === 'reject';
  const errors = ids || !reject ? null : reasonErrors(issues, req.body);
  return errors ? { status: 400, body: { status: 400, ...errors } } : refusal(400, he.badRequest);
};

/** The advertiser's history: the account, its ads by status, how often a moderator refused them, the latest ads. */
async function historyOf(db: Db, ad: Ad): Promise<ReviewDetail['history']> {
  const customer = await findCustomerSummary(db, ad.customerId);
  const { byStatus, approved, rejected, recent } = await advertiserHistory(db, ad.customerId, ad.orderId);
  return {
    customer: customer
      ? {
          id: customer.id,
          email: customer.email,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          createdAt: customer.createdAt.toISOString(),
          blockedAt: customer.blockedAt?.toISOString() ?? null,
          phones: customer.phones,
        }
      : null,
    adsByStatus: byStatus,
    approved,
    rejected,
    recentAds: recent.map((a) => ({
      orderId: a.orderId,
      title: adTitleOf(a.orderId, a.selectors, a.values),
      status: a.status,
    })),
  };
}

export function moderationRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    mailer: Mailer;
    origins: Pick<PublicOrigins, 'siteUrl'>;
    refunds: DecideDeps['refunds'];
  },
): void {
  const { db, clock } = deps;
  const decideDeps = { db, clock, mailer: deps.mailer, origins: deps.origins, refunds: deps.refunds, log: app.log };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const moderator = app.staffOnly(MODERATOR);

  routes.get(
    '/api/operator/moderation/queue',
    {
      schema: {
        summary: 'תור הבדיקה, מהוותיק לחדש, עמוד אחר עמוד',
        querystring: QueueQuerySchema,
        response: { 200: QueuePageSchema, 400: RefusalSchema, ...refusals },
      },
      preValidation: moderator,
    },
    async (req, reply) => {
      const after = cursorOf(req.query.after);
      if (after === null) return reply.code(400).send({ status: 400, message: he.badRequest });
      const { items, total } = await queuePage(db, { after, limit: PAGE });
      const last = items.at(-1);
      return {
        status: 200 as const,
        total,
        templates: Object.entries(REJECT_TEMPLATES).map(([id, text]) => ({ id, text })),
        items: items.map((i) => ({
          review: wireReview(i.review),
          title: adTitleOf(i.review.adId, i.selectors, i.values),
          cat: i.cat,
          subcat: i.subcat,
          customerId: i.customerId,
          email: i.email,
          thumbnailUrl: i.thumbKey === null ? null : mediaUrl(i.thumbKey),
        })),
        next: items.length === PAGE && last ? `${last.review.queuedAt.toISOString()}_${last.review.id}` : null,
      };
    },
  );

  routes.get(
    '/api/operator/moderation/reviews/:id',
    {
      schema: {
        summary: 'תיק בדיקה: המודעה כפי שהקונים יראו אותה, היסטוריית המפרסם והיומן',
        params: ReviewParamsSchema,
        response: { 200: ReviewDetailSchema, 404: RefusalSchema, ...refusals },
      },
      preValidation: moderator,
      config: { invalidInput: () => refusal(404, heOperator.notFound) },
    },
    async (req, reply) => {
      const review = await findReview(db, Number(req.params.id));
      const ad = review ? await findAd(db, review.adId) : null;
      if (!review || !ad) return reply.code(404).send({ status: 404, message: heOperator.notFound });
      const [preview, words, history, reviews, audit] = await Promise.all([
        adPreview(db, ad),
        wordsNow(db, ad),
        historyOf(db, ad),
        reviewsOf(db, ad.orderId),
        listAudit(db, { targetType: 'ad', targetId: String(ad.orderId), limit: 20 }),
      ]);
      return {
        status: 200 as const,
        review: wireReview(review),
        ad: {
          orderId: ad.orderId,
          status: ad.status,
          cat: ad.cat,
          subcat: ad.subcat,
          adType: ad.adType,
          createdAt: ad.createdAt.toISOString(),
          publishedAt: ad.publishedAt?.toISOString() ?? null,
          endsAt: ad.endsAt?.toISOString() ?? null,
        },
        preview,
        wordsNow: words,
        history,
        reviews: reviews.map(wireReview),
        audit: audit.map((a) => ({
          action: a.action,
          staffEmail: a.staffEmail,
          detail: a.detail,
          at: a.at.toISOString(),
        })),
      } satisfies ReviewDetail;
    },
  );

  const decideOne = async (
    req: FastifyRequest,
    reviewId: string,
    input: DecisionInput,
  ): Promise<{ code: 200 | 404 | 409; body: DecisionAnswer }> => {
    const outcome = await decide(decideDeps, { id: req.guardedStaff().id }, Number(reviewId), input, req.ip);
    if (!outcome.ok)
      return { code: outcome.code, body: { status: outcome.code, message: outcome.message || heOperator.notFound } };
    return { code: 200, body: { status: 200, orderId: outcome.orderId, adStatus: outcome.after } };
  };
  /** A decision's answers: the ad's status after it; 404 no such case; 409 decided already, or the ad changed. */
  const decisionAnswers = {
    200: DecisionAnswerSchema,
    400: DecisionAnswerSchema,
    404: DecisionAnswerSchema,
    409: DecisionAnswerSchema,
    ...refusals,
  };

  routes.post(
    '/api/operator/moderation/reviews/:id/approve',
    {
      schema: { summary: 'אישור מודעה שבבדיקה', params: ReviewParamsSchema, response: decisionAnswers },
      preValidation: moderator,
      config: { invalidInput: () => refusal(404, heOperator.notFound) },
    },
    async (req, reply) => {
      const { code, body } = await decideOne(req, req.params.id, { action: 'approve' });
      return reply.code(code).send(body);
    },
  );

  routes.post(
    '/api/operator/moderation/reviews/:id/reject',
    {
      schema: {
        summary: 'דחיית מודעה שבבדיקה, עם סיבה',
        params: ReviewParamsSchema,
        body: RejectRequestSchema,
        response: decisionAnswers,
      },
      preValidation: moderator,
      config: { invalidInput: rejectRefused },
    },
    async (req, reply) => {
      const input = rejectOf(req.body);
      if ('errors' in input) return reply.code(400).send({ status: 400, errors: input.errors });
      const { code, body } = await decideOne(req, req.params.id, input);
      return reply.code(code).send(body);
    },
  );

  routes.post(
    '/api/operator/moderation/reviews/:id/close',
    {
      schema: {
        summary: 'סגירת תיק של מודעה שכבר לא בלוח (הסתיימה או נמחקה לפני ההחלטה)',
        params: ReviewParamsSchema,
        response: decisionAnswers,
      },
      preValidation: moderator,
      config: { invalidInput: () => refusal(404, heOperator.notFound) },
    },
    async (req, reply) => {
      const outcome = await closeCase(decideDeps, { id: req.guardedStaff().id }, Number(req.params.id), req.ip);
      if (!outcome.ok)
        return reply.code(outcome.code).send({ status: outcome.code, message: outcome.message || heOperator.notFound });
      return reply.code(200).send({ status: 200, orderId: outcome.orderId, adStatus: outcome.adStatus });
    },
  );

  // Many cases at once: each is decided on its own (one already decided does not stop the others).
  routes.post(
    '/api/operator/moderation/bulk',
    {
      schema: {
        summary: 'החלטה על כמה תיקים יחד',
        body: BulkDecisionRequestSchema,
        response: { 200: BulkDecisionAnswerSchema, 400: DecisionAnswerSchema, ...refusals },
      },
      preValidation: moderator,
      config: { invalidInput: bulkRefused },
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const body = req.body;
      let input: DecisionInput = { action: 'approve' };
      if (body.action === 'reject') {
        const reject = rejectOf(body);
        if ('errors' in reject) return reply.code(400).send({ status: 400, errors: reject.errors });
        input = reject;
      }
      const results = [];
      for (const id of [...new Set(body.reviewIds)]) {
        const outcome = await decide(decideDeps, staff, id, input, req.ip);
        results.push(
          outcome.ok
            ? { reviewId: id, ok: true, orderId: outcome.orderId, adStatus: outcome.after }
            : { reviewId: id, ok: false, message: outcome.message || heOperator.notFound },
        );
      }
      return { status: 200 as const, results };
    },
  );

  routes.get(
    '/api/operator/moderation/rules',
    {
      schema: { summary: 'כללי ההחזקה לבדיקה והמילים החסומות', response: { 200: RulesAnswerSchema, ...refusals } },
      preValidation: moderator,
    },
    async () => {
      const [{ rules, updatedAt }, words] = await Promise.all([readRules(db), readBlockedWords(db)]);
      return { status: 200 as const, rules, words, updatedAt: updatedAt.toISOString() };
    },
  );

  routes.post(
    '/api/operator/moderation/rules',
    {
      schema: {
        summary: 'שמירת כללי ההחזקה והמילים החסומות (מנהל)',
        body: RulesRequestSchema,
        response: { 200: RulesAnswerSchema, ...refusals },
      },
      preValidation: app.staffOnly(['admin']),
      config: { invalidInput: refuseWith(heModeration.badRules) },
    },
    async (req) => {
      const admin = req.guardedStaff();
      const { rules, words } = req.body;
      const before = { ...(await readRules(db)).rules, words: await readBlockedWords(db) };
      await db.transaction(async (tx) => {
        await saveRules(tx, { rules, words, staffId: admin.id }, clock.now());
        const entry = { staffId: admin.id, action: 'moderation.rules' };
        await appendAudit(tx, { ...entry, detail: { before, after: { ...rules, words } }, ip: req.ip }, clock.now());
      });
      const saved = await readRules(db);
      return {
        status: 200 as const,
        rules: saved.rules,
        words: await readBlockedWords(db),
        updatedAt: saved.updatedAt.toISOString(),
      };
    },
  );
}
