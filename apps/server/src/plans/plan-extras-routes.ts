/**
 * The plan step's side flows (after-save-area.md §4 "Broker lead flow", "Payment (commercial)",
 * "Packages page", §7): related brokers and the real-estate lead, the commercial agreement, invoice details and
 * the phone-payment request, the packages page and an ad's upgrade packages, campaign choices. Every call about an
 * ad is the owner's only: another account's ad is 404 and nothing changes. The CSRF plugin covers every POST.
 */
import { adPackagesOnSale, upgradePackagesFor } from '@app/catalog/packages';
import type {
  AgreementResponse,
  CampaignSaveResponse,
  CustomerPackage,
  GetPackagesResponse,
  PackageLeadResponse,
  PersonalPackagesResponse,
  RealEstateLeadResponse,
  StoreDetailsResponse,
} from '@app/contract/planExtras';
import { isCampaignPlate } from '@app/contract/planExtras';
import { type Refusal, RefusalSchema } from '@app/contract/schemas/common';
import {
  AgreementResponseSchema,
  CampaignSaveRequestSchema,
  CampaignSaveResponseSchema,
  GetPackagesQuerySchema,
  GetPackagesResponseSchema,
  InvoiceDetailsRequestSchema,
  PackageLeadRequestSchema,
  PackageLeadResponseSchema,
  PersonalPackagesParamsSchema,
  PersonalPackagesResponseSchema,
  PhonePaymentRequestSchema,
  RealEstateLeadParamsSchema,
  RealEstateLeadRequestSchema,
  RealEstateLeadResponseSchema,
  RelatedBrokersParamsSchema,
  RelatedBrokersResponseSchema,
  StoreDetailsRefusalSchema,
  StoreDetailsResponseSchema,
} from '@app/contract/schemas/planExtras';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adNumber } from '../ads/own-ad.ts';
import { campaignsForAd } from '../catalogue/campaigns.ts';
import { adSectionOf } from '../catalogue/selectors.ts';
import { he } from '../i18n/messages.ts';
import { planExtrasHe } from '../i18n/plan-extras.ts';
import { recordLead } from '../leads/record-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { type InvalidInputAnswer, OWN_AD_REFUSALS, ownAdCall, refusal } from '../platform/http/call-contract.ts';
import { agreementHtml } from './agreement.ts';
import { insertRealEstateLeads } from './brokers-repository.ts';
import { offersBrokers, relatedBrokers } from './brokers-service.ts';
import { checkInvoiceDetails, checkPhonePaymentDetails } from './commercial-details.ts';
import {
  insertCampaignLeads,
  upsertInvoiceDetails,
  upsertPhonePaymentRequest,
} from './commercial-payment-repository.ts';
import { type CustomerPackageRow, packagesOfCustomer } from './customer-packages-repository.ts';
import { requestPackageLead } from './package-lead-service.ts';

type Body = Record<string, unknown>;
const bodyOf = (req: FastifyRequest): Body =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Body) : {};
const idText = (v: unknown): string => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '');
const ptHash = (v: unknown): string | null => (typeof v === 'string' && /^[\w-]{1,100}$/.test(v) ? v : null);

/** A list of whole positive ids (numbers or digit strings), at most `max`, else null. */
function idList(v: unknown, max: number): number[] | null {
  if (!Array.isArray(v) || v.length > max) return null;
  const out: number[] = [];
  for (const item of v) {
    const n = adNumber(idText(item));
    if (!n) return null;
    out.push(n);
  }
  return [...new Set(out)];
}

const dmy = (d: Date): string =>
  `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;

function packageView(p: CustomerPackageRow, now: Date): CustomerPackage {
  const usable = now < p.usableUntil && p.adsUsed < p.adsTotal;
  return {
    id: p.id,
    CustID: p.customerId,
    catId: p.cat,
    adType: p.adType,
    hash: p.hash,
    adsTotal: p.adsTotal,
    adsUsed: p.adsUsed,
    left: now < p.usableUntil ? p.adsTotal - p.adsUsed : 0,
    boughtAt: p.boughtAt.toISOString(),
    usableUntil: p.usableUntil.toISOString(),
    EndDate: dmy(p.usableUntil),
    usable,
  };
}

export function publishPlanExtrasRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const { db, clock } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** A commercial ad's details stored for the customer's own ad: each field's own message, login first. */
  const storeDetailsCall = <Body extends z.ZodType>(doc: { summary: string; description: string }, body: Body) => ({
    schema: {
      ...doc,
      body,
      response: { 200: StoreDetailsResponseSchema, 400: StoreDetailsRefusalSchema, ...OWN_AD_REFUSALS },
    },
    preValidation: app.customerOnly,
  });

  /** The session's own ad (not a reserved photo holder), else the answer is sent (422 guest, 404) and null. */
  const ownAd = (req: FastifyRequest, reply: FastifyReply, id: unknown) => app.requireOwnAd(req, reply, idText(id));

  const badRequest = (reply: FastifyReply, message: string) =>
    reply.code(400).send({ status: 400, message } satisfies Refusal);

  /** A call about an ad whose body is a list: a path that names no ad is 404, a malformed list its own 400. */
  const listRefused: InvalidInputAnswer = (part) =>
    part === 'params' ? refusal(404, he.adNotFound) : refusal(400, planExtrasHe.badList);

  // ---- Brokers ----

  routes.get(
    '/api/publish/get-related-brokers/:orderID',
    ownAdCall(
      app,
      {
        summary: 'המתווכים של עיר המודעה',
        description: 'למודעת דירה למכירה: המתווכים שמשרדם בעיר המודעה (למודעה אחרת: רשימה ריקה). מודעה של הלקוח בלבד.',
      },
      RelatedBrokersParamsSchema,
      RelatedBrokersResponseSchema,
    ),
    async (req, reply) => {
      const ad = await ownAd(req, reply, req.params.orderID);
      if (!ad) return reply;
      return relatedBrokers(db, ad);
    },
  );

  routes.post(
    '/api/publish/real-estate-lead/:OrderID',
    {
      schema: {
        summary: 'העברת פרטי המודעה למתווכים',
        description: 'המתווכים שנבחרו מבין אלה של עיר המודעה; רשימה ריקה (החלון נסגר) אינה שומרת דבר.',
        params: RealEstateLeadParamsSchema,
        body: RealEstateLeadRequestSchema,
        response: { 200: RealEstateLeadResponseSchema, 400: RefusalSchema, ...OWN_AD_REFUSALS },
      },
      preValidation: app.customerOnly,
      config: { invalidInput: listRefused },
    },
    async (req, reply) => {
      const ad = await ownAd(req, reply, req.params.OrderID);
      if (!ad) return reply;
      const chosen = idList(req.body.brokers, 50);
      if (!chosen) return badRequest(reply, planExtrasHe.badList);
      // Closing the popup sends an empty list (spec §4): nothing to store.
      if (chosen.length === 0) return { status: 200, sent: 0 } satisfies RealEstateLeadResponse;
      if (!offersBrokers(ad)) return badRequest(reply, planExtrasHe.brokersNotOffered);
      const offered = new Set((await relatedBrokers(db, ad)).brokers.map((b) => b.CustID));
      if (chosen.some((id) => !offered.has(id))) return badRequest(reply, planExtrasHe.unknownBrokers);
      await insertRealEstateLeads(db, ad.orderId, chosen, clock.now());
      await recordLead(db, clock.now(), { kind: 'broker', ad, brokerIds: chosen });
      return { status: 200, sent: chosen.length } satisfies RealEstateLeadResponse;
    },
  );

  // ---- Commercial payment ----

  routes.get(
    '/api/publish/commercial-payment/get-agreement',
    {
      schema: {
        summary: 'הסכם הפרסום המסחרי',
        description: 'נוסח ההסכם כדף מסונן, להצגה בחלון התשלום המסחרי.',
        response: { 200: AgreementResponseSchema },
      },
    },
    async () => ({ status: 200, html: agreementHtml() }) satisfies AgreementResponse,
  );

  routes.post(
    '/api/publish/commercial-payment/store-invoice-details',
    storeDetailsCall(
      {
        summary: 'שמירת פרטי החשבונית',
        description:
          'שם העסק, מספר עוסק מורשה או ח.פ. ודואר אלקטרוני לחשבונית, למודעה של הלקוח; כל שדה נבדק בהודעה משלו.',
      },
      InvoiceDetailsRequestSchema,
    ),
    async (req, reply) => {
      const body = bodyOf(req);
      const ad = await ownAd(req, reply, body.OrderID);
      if (!ad) return reply;
      const checked = checkInvoiceDetails(body);
      if (!checked.ok)
        return reply.code(400).send({ status: 400, errors: checked.errors } satisfies StoreDetailsResponse);
      await upsertInvoiceDetails(db, {
        adId: ad.orderId,
        customerId: ad.customerId,
        ptHash: ptHash(body.pt_hash),
        at: clock.now(),
        ...checked.value,
      });
      return { status: 200 } satisfies StoreDetailsResponse;
    },
  );

  routes.post(
    '/api/publish/commercial-payment/store-phone-payment-details',
    storeDetailsCall(
      {
        summary: 'בקשת תשלום בטלפון',
        description: 'הטלפונים שאליהם יחזרו לתשלום, למודעה של הלקוח; הבקשה נשמרת במצב "התבקש".',
      },
      PhonePaymentRequestSchema,
    ),
    async (req, reply) => {
      const body = bodyOf(req);
      const ad = await ownAd(req, reply, body.OrderID);
      if (!ad) return reply;
      const checked = checkPhonePaymentDetails(body);
      if (!checked.ok)
        return reply.code(400).send({ status: 400, errors: checked.errors } satisfies StoreDetailsResponse);
      await upsertPhonePaymentRequest(db, {
        adId: ad.orderId,
        customerId: ad.customerId,
        ptHash: ptHash(body.pt_hash),
        at: clock.now(),
        ...checked.value,
      });
      return { status: 200, phonePaymentStatus: 'requested' } satisfies StoreDetailsResponse;
    },
  );

  // ---- Packages ----

  routes.get(
    '/api/publish/get-packages',
    {
      schema: {
        summary: 'החבילות שלי והחבילות למכירה',
        description:
          'חבילות המודעות שהלקוח קנה והחבילות שבמכירה (לקטגוריה שבשאילתה, אם ניתנה); לאורח: הודעה שיש להתחבר.',
        querystring: GetPackagesQuerySchema,
        response: { 200: GetPackagesResponseSchema },
      },
    },
    async (req) => {
      const customer = await req.customer();
      if (!customer) {
        return {
          status: 200,
          error: 1,
          message: 'not connected',
          text: planExtrasHe.notConnected,
        } satisfies GetPackagesResponse;
      }
      const now = clock.now();
      const cat = adNumber(req.query.cat ?? '') || undefined;
      const packages = (await packagesOfCustomer(db, customer.id)).map((p) => packageView(p, now));
      return {
        status: 200,
        error: 0,
        adData: { packages, packagesOnSale: adPackagesOnSale(cat) },
      } satisfies GetPackagesResponse;
    },
  );

  // The buy-package contact form from the /packages page (ours; with an ad it is finish-publish's variant).
  routes.post(
    '/api/packages/lead',
    {
      schema: {
        summary: 'פנייה לקניית חבילה',
        description: 'טופס יצירת הקשר לקניית חבילה מעמוד החבילות; כל שדה שגוי נענה בהודעה משלו.',
        body: PackageLeadRequestSchema,
        response: { 200: PackageLeadResponseSchema, 422: RefusalSchema },
      },
      preValidation: app.customerOnly,
    },
    async (req) => {
      const customer = await req.guardedCustomer();
      const outcome = await requestPackageLead(db, clock.now(), { customerId: customer.id, ad: null }, bodyOf(req));
      if (!outcome.ok) return { status: 200, errors: outcome.errors } satisfies PackageLeadResponse;
      return { status: 200, sent: true } satisfies PackageLeadResponse;
    },
  );

  routes.get(
    '/gateway/packages/personal/:adId',
    ownAdCall(
      app,
      {
        summary: 'חבילות השדרוג של מודעה',
        description: 'חבילות השדרוג למודעה פעילה או ממתינה לאישור של הלקוח; לטיוטה או למודעה שירדה: רשימה ריקה.',
      },
      PersonalPackagesParamsSchema,
      PersonalPackagesResponseSchema,
    ),
    async (req, reply) => {
      const ad = await ownAd(req, reply, req.params.adId);
      if (!ad) return reply;
      // An upgrade is for a live ad or one in review (what gateway packages/personal/pay sells); a draft chooses
      // its track on the plan step, an expired or out-of-slots ad is not on the board to be upgraded.
      const finished = ad.status === 'active' || ad.status === 'pending';
      const salesCat = Number(adSectionOf(ad) ?? Number.NaN);
      const msg = finished ? upgradePackagesFor(ad.cat, Number.isFinite(salesCat) ? salesCat : undefined) : [];
      return { status: 200, msg } satisfies PersonalPackagesResponse;
    },
  );

  // ---- Campaigns ----

  routes.post(
    '/api/publish/campaign/save',
    {
      schema: {
        summary: 'שמירת המבצעים שנבחרו',
        description:
          'המבצעים שסומנו למודעה של הלקוח, רק מאלה שמוצעים לה; מבצע שמבקש מספר רישוי מקבל אותו (7 או 8 ספרות).',
        body: CampaignSaveRequestSchema,
        response: { 200: CampaignSaveResponseSchema, 400: RefusalSchema, ...OWN_AD_REFUSALS },
      },
      preValidation: app.customerOnly,
      config: { invalidInput: listRefused },
    },
    async (req, reply) => {
      const body = req.body;
      const ad = await ownAd(req, reply, body.orderID);
      if (!ad) return reply;
      // Only campaigns of the ad's selection whose conditions its saved values meet (a Toyota's campaign for a Toyota).
      const offered = new Map(campaignsForAd(ad).map((c) => [c.id, c]));
      const chosen = [...new Set(body.campaigns)].map((id) => offered.get(id));
      if (chosen.some((c) => !c)) return badRequest(reply, planExtrasHe.unknownCampaigns);
      const campaigns = chosen.filter((c) => c !== undefined);
      const plate = typeof body.registrationPlate === 'string' ? body.registrationPlate.trim() : '';
      const asksPlate = campaigns.some((c) => c.plate);
      if (asksPlate && !isCampaignPlate(plate)) return badRequest(reply, planExtrasHe.invalidPlate);
      const leads = campaigns.map((c) => ({ campaignId: c.id, plate: c.plate ? plate : null }));
      const saved = await insertCampaignLeads(db, ad.orderId, leads, clock.now());
      await recordLead(db, clock.now(), { kind: 'campaign', ad, campaigns: leads });
      return { status: 200, saved } satisfies CampaignSaveResponse;
    },
  );
}
