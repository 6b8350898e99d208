import { isTraderFlow } from '@app/catalog/trader';
import type { FastifyInstance } from 'fastify';
import { deleteDraft, draftKey, findDraft, saveDraft } from '../ads/drafts-repository.ts';
import { readSelectors } from '../catalogue/selectors.ts';
import type { CatalogService } from '../catalogue/service.ts';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { abTestsOf, checkAd, draftValues, type Query, queryPayload } from './ad-validation.ts';

/** check-step (the engine on the server), the server-side draft, and reset-ad ("start over"). */
export function publishStepRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; catalogs: CatalogService },
): void {
  const { db, clock, catalogs } = deps;

  app.get<{ Querystring: Query }>('/api/publish/check-step', async (req, reply) => {
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return reply;
    const selectors = readSelectors(req.query);
    const catalog = catalogs.catalog(selectors);
    if (!catalog) return reply.code(404).send({ status: 404, message: he.noCatalog });
    const area = typeof req.query.check_area === 'string' ? req.query.check_area : '';
    const stepIndex = catalog.steps.findIndex((s) => s.area === area);
    if (stepIndex < 0) return reply.code(400).send({ status: 400, message: he.badRequest });
    const isTrader = isTraderFlow({
      cat: catalog.cat,
      subcat: selectors.subcat === undefined ? undefined : Number(selectors.subcat),
      istrader: selectors.istrader,
      trade: customer.trade,
    });
    const result = checkAd(catalog.steps, selectors, queryPayload(req.query), {
      mode: 'publish',
      isTrader,
      now: clock.now(),
      upToStep: stepIndex,
      abTests: abTestsOf(req.query),
    });
    if (Object.keys(result.errors).length) {
      return reply.code(500).send({ errors: result.errors, errFields: result.errors, message: he.fieldErrors });
    }
    return { errors: null };
  });

  app.get<{ Querystring: Query }>('/api/publish/draft', async (req, reply) => {
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return reply;
    const draft = await findDraft(db, customer.id, draftKey(readSelectors(req.query)));
    // No draft yet is an empty one: a new wizard starts from nothing.
    if (!draft) return { values: {}, lastValidStep: 0, updatedAt: null };
    return { values: draft.values, lastValidStep: draft.lastValidStep, updatedAt: draft.updatedAt };
  });

  app.post('/api/publish/draft', async (req, reply) => {
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return reply;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const selectors = readSelectors(body);
    const catalog = catalogs.catalog(selectors);
    if (!catalog) return reply.code(404).send({ status: 404, message: he.noCatalog });
    const step = Number(body.lastValidStep);
    const lastValidStep = Number.isInteger(step) && step >= 0 && step < catalog.steps.length ? step : 0;
    // Only the definition's fields are kept, by wire name as the browser sends them; values are not
    // validated here (a draft may be half-filled), only bounded.
    const received = body.values && typeof body.values === 'object' ? (body.values as Record<string, unknown>) : {};
    const values = draftValues(catalog.steps, received);
    await saveDraft(db, customer.id, draftKey(selectors), { selectors, values, lastValidStep }, clock.now());
    return { status: 200 };
  });

  // A GET that deletes the draft (the spec's method): the CSRF check covers it.
  app.get<{ Querystring: Query }>('/api/publish/reset-ad', { config: { changesState: true } }, async (req, reply) => {
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return reply;
    await deleteDraft(db, customer.id, draftKey(readSelectors(req.query)));
    return { status: 200 };
  });
}
