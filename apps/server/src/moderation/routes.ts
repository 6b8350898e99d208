/**
 * The moderation calls of the console (roles moderator and admin; the rules' change is the admin's): the queue,
 * oldest first, a page at a time; a case with the ad as buyers will see it and its advertiser's history; approve,
 * reject with a reason, the same for many at once; and the rules that decide which ads are held.
 */
import type { DecisionAnswer, QueuePage, ReviewCase, ReviewDetail, RulesAnswer } from '@app/contract/operator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adTitleOf } from '../ads/ad-title.ts';
import { type Ad, type AdRow, toAd } from '../ads/ads-repository.ts';
import { he } from '../i18n/messages.ts';
import { heModeration, REJECT_TEMPLATES, type RejectTemplate } from '../i18n/moderation.ts';
import { heOperator } from '../i18n/operator.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mediaUrl } from '../media/store.ts';
import { requireStaff } from '../operator/guard.ts';
import { appendAudit, listAudit } from '../operator/staff-repository.ts';
import type { StaffService } from '../operator/staff-service.ts';
import { findCustomerSummary } from '../operator/support-repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { type DecisionInput, decide } from './decide.ts';
import { adPreview, wordsNow } from './preview.ts';
import { findReview, queuePage, type Review, reviewsOf } from './reviews-repository.ts';
import { BlockedWordsSchema, ModerationRulesSchema, readBlockedWords, readRules, saveRules } from './rules.ts';

const MODERATOR = ['moderator'] as const;
const PAGE = 25;
const BULK_MAX = 50;

const idOf = (text: string): number | null => (/^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);
const bodyOf = (req: FastifyRequest) =>
  (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;

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

/** The queue's cursor: `${queuedAt ISO}_${id}` of the last case of the page before. */
function cursorOf(text: unknown): { queuedAt: Date; id: number } | null | undefined {
  if (text === undefined || text === '') return undefined;
  const m = typeof text === 'string' ? /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_([1-9]\d{0,15})$/.exec(text) : null;
  if (!m?.[1] || !m[2]) return null;
  const queuedAt = new Date(m[1]);
  return Number.isNaN(queuedAt.getTime()) ? null : { queuedAt, id: Number(m[2]) };
}

/** A reject's reason from the body: a template, and free text (required for 'other'); or the field errors. */
function rejectOf(body: Record<string, unknown>): DecisionInput | { errors: { fieldName: string; msg: string }[] } {
  const template = body.template;
  const text = typeof body.text === 'string' ? body.text.trim() : '';
  if (typeof template !== 'string' || !Object.hasOwn(REJECT_TEMPLATES, template))
    return { errors: [{ fieldName: 'template', msg: heModeration.templateRequired }] };
  if (text.length > 500) return { errors: [{ fieldName: 'text', msg: heModeration.textTooLong }] };
  if (template === 'other' && !text) return { errors: [{ fieldName: 'text', msg: heModeration.otherNeedsText }] };
  return { action: 'reject', template: template as RejectTemplate, text };
}

/** The advertiser's history: the account, its ads by status, how often a moderator refused them, the latest ads. */
async function historyOf(db: Db, ad: Ad): Promise<ReviewDetail['history']> {
  const customer = await findCustomerSummary(db, ad.customerId);
  const byStatus = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM ads WHERE customer_id = $1 AND status NOT IN ('reserved', 'deleted')
     GROUP BY status`,
    [ad.customerId],
  );
  const [decided] = await db.query<{ rejected: number; approved: number }>(
    `SELECT count(*) FILTER (WHERE r.decision = 'rejected')::int AS rejected,
            count(*) FILTER (WHERE r.decision = 'approved')::int AS approved
     FROM ad_reviews r JOIN ads a ON a.id = r.ad_id WHERE a.customer_id = $1`,
    [ad.customerId],
  );
  const recent = await db.query<AdRow>(
    `SELECT * FROM ads WHERE customer_id = $1 AND id <> $2 AND status NOT IN ('reserved', 'deleted')
     ORDER BY id DESC LIMIT 5`,
    [ad.customerId, ad.orderId],
  );
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
    adsByStatus: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
    approved: decided?.approved ?? 0,
    rejected: decided?.rejected ?? 0,
    recentAds: recent.map(toAd).map((a) => ({
      orderId: a.orderId,
      title: adTitleOf(a.orderId, a.selectors, a.values),
      status: a.status,
    })),
  };
}

export function moderationRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; staff: StaffService; mailer: Mailer; origins: Pick<PublicOrigins, 'siteUrl'> },
): void {
  const { db, clock, staff: service } = deps;
  const decideDeps = { db, clock, mailer: deps.mailer, origins: deps.origins, log: app.log };

  app.get('/api/operator/moderation/queue', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, MODERATOR))) return reply;
    const after = cursorOf((req.query as Record<string, unknown> | undefined)?.after);
    if (after === null) return reply.code(400).send({ status: 400, message: he.badRequest });
    const { items, total } = await queuePage(db, { after, limit: PAGE });
    const last = items.at(-1);
    return {
      status: 200,
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
    } satisfies QueuePage;
  });

  app.get<{ Params: { id: string } }>('/api/operator/moderation/reviews/:id', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, MODERATOR))) return reply;
    const id = idOf(req.params.id);
    const review = id === null ? null : await findReview(db, id);
    const [row] = review ? await db.query<AdRow>('SELECT * FROM ads WHERE id = $1', [review.adId]) : [];
    if (!review || !row) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const ad = toAd(row);
    const [preview, words, history, reviews, audit] = await Promise.all([
      adPreview(db, ad),
      wordsNow(db, ad),
      historyOf(db, ad),
      reviewsOf(db, ad.orderId),
      listAudit(db, { targetType: 'ad', targetId: String(ad.orderId), limit: 20 }),
    ]);
    return {
      status: 200,
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
  });

  const decideOne = async (
    req: FastifyRequest<{ Params: { id: string } }>,
    input: DecisionInput,
    staffId: number,
  ): Promise<{ code: number; body: DecisionAnswer }> => {
    const id = idOf(req.params.id);
    if (id === null) return { code: 404, body: { status: 404, message: heOperator.notFound } };
    const outcome = await decide(decideDeps, { id: staffId }, id, input, req.ip);
    if (!outcome.ok)
      return { code: outcome.code, body: { status: outcome.code, message: outcome.message || heOperator.notFound } };
    return { code: 200, body: { status: 200, orderId: outcome.orderId, adStatus: outcome.after } };
  };

  app.post<{ Params: { id: string } }>('/api/operator/moderation/reviews/:id/approve', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, MODERATOR);
    if (!staff) return reply;
    const { code, body } = await decideOne(req, { action: 'approve' }, staff.id);
    return reply.code(code).send(body);
  });

  app.post<{ Params: { id: string } }>('/api/operator/moderation/reviews/:id/reject', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, MODERATOR);
    if (!staff) return reply;
    const input = rejectOf(bodyOf(req));
    if ('errors' in input) return reply.code(400).send({ status: 400, errors: input.errors });
    const { code, body } = await decideOne(req, input, staff.id);
    return reply.code(code).send(body);
  });

  // Many cases at once: each is decided on its own (one already decided does not stop the others).
  app.post('/api/operator/moderation/bulk', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, MODERATOR);
    if (!staff) return reply;
    const body = bodyOf(req);
    const ids = Array.isArray(body.reviewIds) ? body.reviewIds : [];
    if (ids.length === 0) return reply.code(400).send({ status: 400, message: heModeration.bulkEmpty });
    if (ids.length > BULK_MAX) return reply.code(400).send({ status: 400, message: heModeration.bulkTooMany });
    if (!ids.every((i) => Number.isInteger(i) && i > 0))
      return reply.code(400).send({ status: 400, message: he.badRequest });
    let input: DecisionInput;
    if (body.action === 'approve') input = { action: 'approve' };
    else if (body.action === 'reject') {
      const reject = rejectOf(body);
      if ('errors' in reject) return reply.code(400).send({ status: 400, errors: reject.errors });
      input = reject;
    } else return reply.code(400).send({ status: 400, message: he.badRequest });
    const results = [];
    for (const id of [...new Set(ids as number[])]) {
      const outcome = await decide(decideDeps, staff, id, input, req.ip);
      results.push(
        outcome.ok
          ? { reviewId: id, ok: true, orderId: outcome.orderId, adStatus: outcome.after }
          : { reviewId: id, ok: false, message: outcome.message || heOperator.notFound },
      );
    }
    return { status: 200, results };
  });

  app.get('/api/operator/moderation/rules', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, MODERATOR))) return reply;
    const [{ rules, updatedAt }, words] = await Promise.all([readRules(db), readBlockedWords(db)]);
    return { status: 200, rules, words, updatedAt: updatedAt.toISOString() } satisfies RulesAnswer;
  });

  app.post('/api/operator/moderation/rules', async (req, reply) => {
    const admin = await requireStaff(service, req, reply, ['admin']);
    if (!admin) return reply;
    const body = bodyOf(req);
    const rules = ModerationRulesSchema.safeParse(body.rules);
    const words = BlockedWordsSchema.safeParse(body.words);
    if (!rules.success || !words.success) return reply.code(400).send({ status: 400, message: heModeration.badRules });
    const before = { ...(await readRules(db)).rules, words: await readBlockedWords(db) };
    await db.transaction(async (tx) => {
      await saveRules(tx, { rules: rules.data, words: words.data, staffId: admin.id }, clock.now());
      const after = { ...rules.data, words: words.data };
      const entry = { staffId: admin.id, action: 'moderation.rules' };
      await appendAudit(tx, { ...entry, detail: { before, after }, ip: req.ip }, clock.now());
    });
    const saved = await readRules(db);
    return {
      status: 200,
      rules: saved.rules,
      words: await readBlockedWords(db),
      updatedAt: saved.updatedAt.toISOString(),
    } satisfies RulesAnswer;
  });
}
