import { NO_PLAN_TRACK } from '@app/catalog/tracksData';
import { customerTradesIn, isTraderFlow } from '@app/catalog/trader';
import type { SaveAdResponse } from '@app/contract/publish';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  AdIdParamsSchema,
  SaveAdBodySchema,
  SaveAdResponseSchema,
  WizardQuerySchema,
} from '@app/contract/schemas/publish';
import { lockedValues } from '@app/form-engine/editSteps';
import { hasPlanStep } from '@app/form-engine/model';
import { mergeRecords } from '@app/form-engine/records';
import type { FastifyInstance } from 'fastify';
import { adTitleWordsOf } from '../ads/ad-title.ts';
import { type Ad, bannedWordsIn, findOwnAd, insertAd, savePendingEdit, updateAdValues } from '../ads/ads-repository.ts';
import { draftKey } from '../ads/drafts-repository.ts';
import { goLive } from '../ads/go-live-service.ts';
import { adNumber, findOwnSavedAd } from '../ads/own-ad.ts';
import { readSelectors } from '../catalogue/selectors.ts';
import type { CatalogService } from '../catalogue/service.ts';
import { he } from '../i18n/messages.ts';
import { REVIEWED_STATUSES, saveForReview } from '../moderation/resubmit.ts';
import { reviewGate } from '../moderation/review-gate.ts';
import { holdForReview } from '../moderation/reviews-repository.ts';
import type { PhoneService } from '../phones/phone-service.ts';
import { type SavedChange, testCallAfterSave, virtualNumberAfterSave } from '../phones/test-report-service.ts';
import { syncVirtualNumberAfterSave } from '../phones/virtual-number-service.ts';
import type { PackagesAtNow } from '../plans/plans.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import { refusal } from '../platform/http/call-contract.ts';
import { freeText, textKeysOf } from '../policy/free-text.ts';
import { abTestsOf, checkAd, queryPayload } from './ad-validation.ts';
import { checkContactPhones, checkPhonesAgainst } from './contact-step-service.ts';
import { savedAnswer, savedAnswerWithPlan } from './save-answer.ts';
import { readBeforeSave } from './save-repository.ts';

type Body = Record<string, unknown>;

/**
 * A category trader adds phone numbers without SMS (after-save-area.md §4): the customer's trade map for this cat
 * and subcat, never the istrader query flag or a trader sub-category, which anyone can put in a URL.
 */
const categoryTrader = (trade: Record<string, Record<string, 1>>, cat: number, subcat: number | null): boolean =>
  subcat !== null && customerTradesIn(trade, cat, subcat);

/**
 * save-ad and save-ad/{id}: the server re-validates every step of the definition, keeps only its fields,
 * checks ownership on edit, and stores the ad as a draft until the plan step finishes it (without a plan step the
 * save publishes it free: NO_PLAN_TRACK). A repeated
 * idempotency key returns the ad the first request created.
 */
export function publishSaveRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; catalogs: CatalogService; phones: PhoneService },
): void {
  const { db, clock, catalogs, phones } = deps;

  /** The answer, and what the save stored over what was there (null when nothing was saved). */
  const save = async (
    req: { body: unknown; query: unknown; params: { id?: string } },
    customerId: number,
    trade: Record<string, Record<string, 1>>,
  ): Promise<{ status: number; body: unknown; change?: SavedChange }> => {
    const body: Body =
      req.body && typeof req.body === 'object' ? (req.body as Body) : queryPayload(req.query as Record<string, string>);
    const editId = req.params.id;
    if (editId !== undefined) {
      // A reserved ad (photos only, never saved) is not an ad to edit.
      const ad = await findOwnSavedAd(db, customerId, editId);
      if (!ad) return { status: 404, body: { status: 404, message: he.adNotFound } };
      const catalog = catalogs.catalog(ad.selectors);
      if (!catalog) return { status: 404, body: { status: 404, message: he.adNotFound } };
      const traderFlow = isTraderFlow({
        cat: ad.cat,
        subcat: ad.subcat ?? undefined,
        istrader: ad.selectors.istrader,
        trade,
      });
      // The locked fields (what the ad is) keep their saved values whatever the request says.
      const saved = ad.status === 'active' ? (ad.pendingValues ?? ad.values) : ad.values;
      const result = checkAd(catalog.editSteps, ad.selectors, body, {
        mode: 'edit',
        isTrader: traderFlow,
        now: clock.now(),
        locked: lockedValues(catalog, mergeRecords<string | string[]>(ad.selectors, saved)),
      });
      if (Object.keys(result.errors).length)
        return { status: 200, body: { errFields: result.errors } satisfies SaveAdResponse };
      const contact = await checkContactPhones(
        db,
        customerId,
        result.payload,
        categoryTrader(trade, ad.cat, ad.subcat),
      );
      if (Object.keys(contact.errors).length)
        return { status: 200, body: { errFields: contact.errors } satisfies SaveAdResponse };
      // A published ad stays as the public sees it: the edit waits for order-edited (the edit-login step's
      // finish). A second save before the finish builds on the edit already pending. Never published (a draft, a
      // blocked ad): the saved values are the ad's values.
      const before = saved;
      const after = mergeRecords<string | string[]>(before, contact.payload);
      // An ad a moderator holds or refused: the edit goes (back) to the moderation queue with its blocked words.
      if (REVIEWED_STATUSES.has(ad.status)) {
        const text = freeText(after, textKeysOf([...catalog.steps, ...catalog.editSteps]));
        await saveForReview(db, ad, after, await bannedWordsIn(db, text, ad.approvedWords), clock.now());
      } else if (ad.status === 'active') await savePendingEdit(db, ad, after);
      else await updateAdValues(db, ad, after, adTitleWordsOf(ad.selectors, after), ad.status);
      return {
        status: 200,
        body: savedAnswer(ad.orderId, false, ad.cat, ad.subcat),
        change: { customerId, orderId: ad.orderId, before, after, phone1HasVirtual: contact.phone1HasVirtual },
      };
    }

    const selectors = readSelectors(body);
    const catalog = catalogs.catalog(selectors);
    if (!catalog) return { status: 404, body: { status: 404, message: he.noCatalog } };
    const cat = catalog.cat;
    const subcat = selectors.subcat === undefined ? null : Number(selectors.subcat);
    const traderFlow = isTraderFlow({ cat, subcat: subcat ?? undefined, istrader: selectors.istrader, trade });
    const checked = checkAd(catalog.steps, selectors, body, {
      mode: 'publish',
      isTrader: traderFlow,
      now: clock.now(),
      abTests: abTestsOf(body),
    });
    if (Object.keys(checked.errors).length)
      return { status: 200, body: { errFields: checked.errors } satisfies SaveAdResponse };
    const text = freeText(checked.payload, textKeysOf(catalog.steps));
    const orderId = adNumber(typeof body.OrderID === 'number' ? String(body.OrderID) : body.OrderID);
    // What the save reads, in one trip (save-repository.ts) beside the ad being published again, if any.
    const [reads, own] = await Promise.all([
      readBeforeSave(db, customerId, text),
      orderId ? findOwnAd(db, customerId, orderId) : null,
    ]);
    // The ad's phones are this customer's verified numbers, stored formatted.
    const contact = checkPhonesAgainst(reads.phones, checked.payload, categoryTrader(trade, cat, subcat));
    if (Object.keys(contact.errors).length)
      return { status: 200, body: { errFields: contact.errors } satisfies SaveAdResponse };
    const result = { ...checked, payload: contact.payload };
    const owned: PackagesAtNow = { packages: reads.packages, now: clock.now() };
    // Words a moderator let through for this ad (a draft approved after it was held) do not hold it again.
    const words = reads.words.filter((w) => !own?.approvedWords.includes(w));
    const blocked = words.length > 0;
    // An ad held for its words waits in the moderation queue (moderation/), opened with its status.
    const holdWords = (tx: Queryable, adId: number) =>
      holdForReview(tx, { adId, heldAs: 'blocked', stage: 'save', reasons: [{ kind: 'words', words }] }, clock.now());
    // Without the plan step the save publishes (free): goLive moves only a draft, so a repeat changes nothing.
    const withoutPlan = !hasPlanStep(catalog.steps);
    const publishWithoutPlan = async (saved: Ad): Promise<Ad> => {
      if (!withoutPlan || saved.status !== 'draft') return saved;
      // One transaction: the publication, its expiry job and its ad event stand or fall together.
      const { ad } = await db.transaction((tx) =>
        goLive(tx, clock.now(), { orderId: saved.orderId, ...NO_PLAN_TRACK, reason: 'free' }, reviewGate),
      );
      return ad ?? saved;
    };

    // Publishing again after going back: the customer's own saved draft of this selection is updated
    // instead of creating a second ad. Someone else's OrderID is as if it did not exist.
    if (orderId) {
      // The wizard's saved draft, or the ad reserved for this draft's photos (its first save fills it).
      const usable = own?.status === 'draft' || own?.status === 'reserved';
      if (!own || !usable || draftKey(own.selectors) !== draftKey(selectors)) {
        return { status: 404, body: { status: 404, message: he.adNotFound } };
      }
      // A reserved ad takes the save's selectors (the trader choice may have changed since it was reserved).
      const dropDraft = draftKey(selectors);
      const titleWords = adTitleWordsOf(selectors, result.payload);
      if (blocked)
        await db.transaction(async (tx) => {
          await updateAdValues(tx, own, result.payload, titleWords, 'blocked', selectors, dropDraft);
          await holdWords(tx, own.orderId);
        });
      else await updateAdValues(db, own, result.payload, titleWords, 'draft', selectors, dropDraft);
      const saved = await publishWithoutPlan({ ...own, selectors, status: blocked ? 'blocked' : 'draft' });
      return {
        status: 200,
        body: savedAnswerWithPlan(saved, blocked, owned),
        change: {
          customerId,
          orderId: own.orderId,
          before: own.values,
          after: result.payload,
          phone1HasVirtual: contact.phone1HasVirtual,
        },
      };
    }
    const key =
      typeof body.idempotencyKey === 'string' && body.idempotencyKey.length <= 100 ? body.idempotencyKey : undefined;
    const newAd = {
      customerId,
      cat,
      subcat,
      selectors,
      values: result.payload,
      titleWords: adTitleWordsOf(selectors, result.payload),
      status: blocked ? ('blocked' as const) : ('draft' as const),
      idempotencyKey: key,
      dropDraft: draftKey(selectors),
    };
    // A held ad and its case are one transaction; a draft is one statement (no BEGIN and COMMIT on the common save).
    const { ad: inserted, created } = blocked
      ? await db.transaction(async (tx) => {
          const saved = await insertAd(tx, newAd);
          if (saved.created) await holdWords(tx, saved.ad.orderId);
          return saved;
        })
      : await insertAd(db, newAd);
    const ad = await publishWithoutPlan(inserted);
    return {
      status: 200,
      // The same idempotency key after the ad was finished answers its plan as finished.
      body: savedAnswerWithPlan(ad, ad.status === 'blocked', owned),
      // The same idempotency key again saved nothing new: the first request's change was that one.
      ...(created
        ? {
            change: {
              customerId,
              orderId: ad.orderId,
              before: null,
              after: result.payload,
              phone1HasVirtual: contact.phone1HasVirtual,
            },
          }
        : {}),
    };
  };

  // The ad's fields travel by their catalogue names (the body, or the query of the spec's GET): the schemas name the
  // selectors and the call's own fields and keep the rest for the checks above, which answer errFields.
  const response = { 200: SaveAdResponseSchema, 404: RefusalSchema, 422: RefusalSchema };
  for (const method of ['GET', 'POST'] as const) {
    for (const url of ['/api/publish/save-ad', '/api/publish/save-ad/:id']) {
      const edit = url.endsWith('/:id');
      app.route<{ Params: { id?: string } }>({
        method,
        url,
        schema: {
          summary: edit ? 'שמירת עריכה של מודעה של הלקוח' : 'שמירת מודעה חדשה מטופס הפרסום',
          ...(edit ? { params: AdIdParamsSchema } : {}),
          querystring: WizardQuerySchema,
          ...(method === 'POST' ? { body: SaveAdBodySchema } : {}),
          // Its own map: the platform adds its answers to each route by the method.
          response: { ...response },
        },
        // The spec's GET save-ad saves too: the CSRF check covers it like the POST. An address that names no ad is
        // that ad not found, as the save answers it.
        config: {
          changesState: true,
          invalidInput: (part) => (part === 'params' ? refusal(404, he.adNotFound) : refusal(400, he.badRequest)),
        },
        preValidation: app.customerOnly,
        handler: async (req, reply) => {
          const customer = await req.guardedCustomer();
          const { status, body, change } = await save(
            { body: method === 'POST' ? req.body : undefined, query: req.query, params: req.params },
            customer.id,
            customer.trade,
          );
          await syncVirtualNumberAfterSave(db, clock, customer.id, body as SaveAdResponse, change);
          await virtualNumberAfterSave(phones, req.log, change ?? null);
          await testCallAfterSave(phones, req.log, req.ip, change ?? null);
          return reply.code(status).send(body);
        },
      });
    }
  }
}
