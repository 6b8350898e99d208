import type { FieldsResponse, SaveAdResponse, Selectors } from '@app/contract/publish';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { he } from '../i18n/messages.ts';
import { BUSINESS_PACKAGE_PAGE, isBusinessForSale, mayPublishBusinessForSale } from './business-for-sale.ts';
import { readSelectors } from './selectors.ts';

const FIELDS = '/api/publish/fields';
const CHECK_STEP = '/api/publish/check-step';
const SAVE = '/api/publish/save-ad';
const GUARDED: ReadonlySet<string> = new Set([FIELDS, CHECK_STEP, SAVE]);

/**
 * Business for sale is for second-hand business traders only (spec §6). A logged-in customer without the
 * package who asks for its fields, checks a step or saves is refused (and it is logged): the fields and the
 * save answer carry redirectForce to the package page (finishArea, cat 3, subcat 2), the step check is 403.
 * Guests pass through: the routes themselves answer them (saving needs a login). Edits of an own ad
 * (save-ad/{id}) are not guarded here. The guard is a preHandler of the three routes alone, added as each is
 * declared (call this before them): no other route runs it.
 */
export function businessForSaleGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!GUARDED.has(route.url)) return;
    const url = route.url;
    // A callback hook: only a business-for-sale selection has anything to wait for.
    const guard: preHandlerHookHandler = (req, reply, done) => {
      const source = req.method === 'POST' && req.body && typeof req.body === 'object' ? req.body : req.query;
      const selectors = readSelectors(source);
      if (!isBusinessForSale(selectors)) return done();
      refuseWithoutPackage(req, reply, url, selectors).then((refused) => {
        if (!refused) done();
      }, done);
    };
    const own = route.preHandler ?? [];
    route.preHandler = [guard, ...(Array.isArray(own) ? own : [own])];
  });
}

/** Answers a logged-in customer without the package (true), or lets the call go on (false). */
async function refuseWithoutPackage(
  req: FastifyRequest,
  reply: FastifyReply,
  url: string,
  selectors: Selectors,
): Promise<boolean> {
  const customer = await req.customer();
  if (!customer || mayPublishBusinessForSale(customer.trade)) return false;
  req.log.warn({ customerId: customer.id, url }, 'business for sale refused: no second-hand business package');
  if (url === FIELDS) {
    const body: FieldsResponse = {
      fields: [],
      catalogId: 'business-for-sale',
      firstStep: 0,
      adData: { OrderID2: null, OrderTypeID: null },
      publishRedirects: [],
      publishCampaigns: [],
      cat: 3,
      subcat: selectors.subcat === undefined ? null : Number(selectors.subcat),
      disallowDecreasePricePopup: false,
      redirectForce: BUSINESS_PACKAGE_PAGE,
    };
    reply.send(body);
  } else if (url === CHECK_STEP) {
    reply.code(403).send({ status: 403, message: he.businessPackageNeeded, redirectForce: BUSINESS_PACKAGE_PAGE });
  } else {
    const body: SaveAdResponse = { mainError: he.businessPackageNeeded, redirectForce: BUSINESS_PACKAGE_PAGE };
    reply.send(body);
  }
  return true;
}
