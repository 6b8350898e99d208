import type { FieldsResponse, SaveAdResponse, Selectors } from '@app/contract/publish';
import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import type { Customer } from '../accounts/customers-repository.ts';
import { readSelectors } from '../catalogue/selectors.ts';

const FIELDS = '/api/publish/fields';
const CHECK_STEP = '/api/publish/check-step';
const SAVE = '/api/publish/save-ad';
const GUARDED: ReadonlySet<string> = new Set([FIELDS, CHECK_STEP, SAVE]);

/** Why a logged-in customer may not publish this selection here, and where they are sent instead. */
export interface PublishRefusal {
  /** The redirectForce of the fields and save answers and of the step check's 403. */
  redirect: string;
  /** save-ad's mainError and the step check's message (Hebrew). */
  message: string;
  /** The fields answer's catalogue name. */
  catalogId: string;
  /** Logged with the customer's id and the call. */
  reason: string;
}

export interface PublishRule {
  /** Whether the selection concerns the rule at all (before the customer is looked up). */
  applies(selectors: Selectors): boolean;
  /** The refusal of this logged-in customer, or null to let the call go on. */
  refusal(customer: Customer, selectors: Selectors): PublishRefusal | null | Promise<PublishRefusal | null>;
}

/**
 * Adds a rule to the wizard's fields, check-step and save-ad (publish-wizard.md §6 decides who may publish where):
 * a logged-in customer the rule refuses is answered here (and it is logged): the fields and the save answer carry
 * redirectForce, the step check is 403 with the message and the redirect. Guests pass through: the routes
 * themselves answer them (saving needs a login). Edits of an own ad (save-ad/{id}) are not guarded. A preHandler of
 * the three routes alone, added as each is declared (call this before them): no other route runs it.
 */
export function guardPublishCalls(app: FastifyInstance, rule: PublishRule): void {
  app.addHook('onRoute', (route) => {
    if (!GUARDED.has(route.url)) return;
    const url = route.url;
    // A callback hook: only a selection the rule concerns has anything to wait for.
    const guard: preHandlerHookHandler = (req, reply, done) => {
      const source = req.method === 'POST' && req.body && typeof req.body === 'object' ? req.body : req.query;
      const selectors = readSelectors(source);
      if (!rule.applies(selectors)) return done();
      (async () => {
        const customer = await req.customer();
        const refusal = customer ? await rule.refusal(customer, selectors) : null;
        if (!customer || !refusal) return false;
        req.log.warn({ customerId: customer.id, url }, refusal.reason);
        refuse(reply, url, selectors, refusal);
        return true;
      })().then((refused) => {
        if (!refused) done();
      }, done);
    };
    const own = route.preHandler ?? [];
    route.preHandler = [guard, ...(Array.isArray(own) ? own : [own])];
  });
}

function refuse(reply: FastifyReply, url: string, selectors: Selectors, refusal: PublishRefusal): void {
  if (url === FIELDS) {
    const body: FieldsResponse = {
      fields: [],
      catalogId: refusal.catalogId,
      firstStep: 0,
      adData: { OrderID2: null, OrderTypeID: null },
      publishRedirects: [],
      publishCampaigns: [],
      cat: Number(selectors.cat),
      subcat: selectors.subcat === undefined ? null : Number(selectors.subcat),
      disallowDecreasePricePopup: false,
      redirectForce: refusal.redirect,
    };
    reply.send(body);
  } else if (url === CHECK_STEP) {
    reply.code(403).send({ status: 403, message: refusal.message, redirectForce: refusal.redirect });
  } else {
    const body: SaveAdResponse = { mainError: refusal.message, redirectForce: refusal.redirect };
    reply.send(body);
  }
}
