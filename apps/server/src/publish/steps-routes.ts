import { isTraderFlow } from '@app/catalog/trader';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  CheckStepErrorsSchema,
  CheckStepQuerySchema,
  CheckStepResponseSchema,
  DraftRequestSchema,
  DraftResponseSchema,
  OkStatusSchema,
  WizardQuerySchema,
} from '@app/contract/schemas/publish';
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

  // The schemas check the request's shape; the handlers read it as before (field values by catalogue name).
  const customerOnly = app.customerOnly;
  const checkStepSchema = {
    summary: 'בדיקת השלבים עד שלב בטופס הפרסום',
    querystring: CheckStepQuerySchema,
    response: {
      200: CheckStepResponseSchema,
      // The spec's 500 with the field errors (the platform adds the server's own failure beside it).
      500: CheckStepErrorsSchema,
      404: RefusalSchema,
      422: RefusalSchema,
    },
  };
  app.get<{ Querystring: Query }>(
    '/api/publish/check-step',
    { schema: checkStepSchema, preValidation: customerOnly },
    async (req, reply) => {
      const customer = await req.guardedCustomer();
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
    },
  );

  const draftSchema = {
    summary: 'הטיוטה השמורה של טופס הפרסום',
    querystring: WizardQuerySchema,
    response: { 200: DraftResponseSchema, 422: RefusalSchema },
  };
  app.get<{ Querystring: Query }>(
    '/api/publish/draft',
    { schema: draftSchema, preValidation: customerOnly },
    async (req) => {
      const customer = await req.guardedCustomer();
      const draft = await findDraft(db, customer.id, draftKey(readSelectors(req.query)));
      // No draft yet is an empty one: a new wizard starts from nothing.
      if (!draft) return { values: {}, lastValidStep: 0, updatedAt: null };
      return { values: draft.values, lastValidStep: draft.lastValidStep, updatedAt: draft.updatedAt };
    },
  );

  const saveDraftSchema = {
    summary: 'שמירת הטיוטה של טופס הפרסום',
    body: DraftRequestSchema,
    response: { 200: OkStatusSchema, 404: RefusalSchema, 422: RefusalSchema },
  };
  app.post('/api/publish/draft', { schema: saveDraftSchema, preValidation: customerOnly }, async (req, reply) => {
    const customer = await req.guardedCustomer();
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
  const resetSchema = {
    summary: 'התחלה מחדש: מחיקת הטיוטה',
    querystring: WizardQuerySchema,
    response: { 200: OkStatusSchema, 422: RefusalSchema },
  };
  const reset = { schema: resetSchema, config: { changesState: true }, preValidation: customerOnly };
  app.get<{ Querystring: Query }>('/api/publish/reset-ad', reset, async (req) => {
    const customer = await req.guardedCustomer();
    await deleteDraft(db, customer.id, draftKey(readSelectors(req.query)));
    return { status: 200 };
  });
}
