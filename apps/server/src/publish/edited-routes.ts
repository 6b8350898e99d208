import type { OrderEditedResponse } from '@app/contract/publish';
import { AdIdParamsSchema, OrderEditedResponseSchema } from '@app/contract/schemas/publish';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAdEvent } from '../ads/ad-events-service.ts';
import { blockedFinishPath, finishPath } from '../ads/ad-paths.ts';
import { adTitleWordsOf } from '../ads/ad-title.ts';
import { applyPendingEdit, bannedWordsIn, markEdited } from '../ads/ads-repository.ts';
import { adNumber, findOwnSavedAd } from '../ads/own-ad.ts';
import type { CatalogService } from '../catalogue/service.ts';
import { he } from '../i18n/messages.ts';
import { applyMediaEdit, hasMediaEdit } from '../media/media-edits-repository.ts';
import type { MediaStore } from '../media/store-provider.ts';
import type { VideoFiles } from '../media/sweep-jobs.ts';
import { holdForReview } from '../moderation/reviews-repository.ts';
import { syncVirtualNumberAfterSave } from '../phones/virtual-number-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { OWN_AD_CONFIG, OWN_AD_REFUSALS } from '../platform/http/call-contract.ts';
import { freeText, textKeysOf } from '../policy/free-text.ts';
import { savedAnswer } from './save-answer.ts';

/** The finish page of an edit that went live (FinishAreaPage shows 'המודעה עודכנה'). */
const editedPath = (orderId: number): string => `/finishArea?action=edited&OrderID=${orderId}`;

/**
 * GET and POST /api/publish/{OrderID}/order-edited: the edit-login step finishes an edit (publish-wizard.md §2,
 * after-save-area.md §4 "Publish button", §7). The owner's active ad gets its pending edit live in one transaction:
 * the values kept by save-ad/{id} and the photos and video its edit changed (media/media-edits-repository.ts), or
 * the blocked outcome when the new text has blocked words; a draft has nothing pending. Another account's ad, an
 * unknown or a reserved one: 404, nothing changes. Both methods change state, so both pass the CSRF check.
 */
export function publishEditedRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; catalogs: CatalogService; store: MediaStore; videos: VideoFiles },
): void {
  const { db, clock, catalogs, store, videos } = deps;

  const finish = async (customerId: number, id: number): Promise<{ code: number; body: unknown }> => {
    const notFound = { code: 404, body: { status: 404, message: he.adNotFound } };
    const ad = await findOwnSavedAd(db, customerId, id);
    if (!ad) return notFound;
    const live: OrderEditedResponse = {
      status: 200,
      redirect: editedPath(ad.orderId),
      events: ['postedAdEditedSuccessfully'],
    };
    // Waiting for a moderator (save-ad/{id} sent the edit to the queue): its finish page says so.
    if (ad.status === 'pending' || ad.status === 'blocked')
      return { code: 200, body: { status: 200, redirect: finishPath(ad) } satisfies OrderEditedResponse };
    // Never published (a draft): save-ad/{id} already wrote the values; nothing to publish.
    if (ad.status !== 'active') return { code: 200, body: { status: 200 } satisfies OrderEditedResponse };
    const pending = ad.pendingValues;
    const media = await hasMediaEdit(db, ad.orderId);
    // Nothing pending: the ad is live as it is (a repeated finish answers the same).
    if (!pending && !media) return { code: 200, body: live };
    const catalog = catalogs.catalog(ad.selectors);
    const keys = textKeysOf(catalog ? [...catalog.steps, ...catalog.editSteps] : []);
    const words = pending ? await bannedWordsIn(db, freeText(pending, keys), ad.approvedWords) : [];
    const blocked = words.length > 0;
    const now = clock.now();
    const applied = await db.transaction(async (tx) => {
      const values = pending
        ? await applyPendingEdit(
            tx,
            ad,
            pending,
            adTitleWordsOf(ad.selectors, pending),
            blocked ? 'blocked' : 'active',
            now,
          )
        : await markEdited(tx, ad, now);
      // The live ad's edit has blocked words: it leaves the board and waits for a moderator.
      if (values && blocked) {
        const reasons = [{ kind: 'words', words } as const];
        await holdForReview(tx, { adId: ad.orderId, heldAs: 'blocked', stage: 'edit', reasons }, now);
      }
      if (!values) return null;
      const media = await applyMediaEdit(tx, ad.orderId);
      // Its new values and photos are live (ad.changed), or it left the board for review (ad.hidden).
      await recordAdEvent(tx, { ad: ad.orderId, before: 'active', changed: true }, now);
      return media;
    });
    // A concurrent finish applied it first (or a newer save replaced it): answer from the ad as it is now.
    if (!applied) return finish(customerId, id);
    // The photos and video the live ad no longer has, once nothing refers to them.
    await Promise.all([
      ...applied.files.map((key) => store.delete(key)),
      ...applied.videos.map((key) => videos.remove(key)),
    ]);
    // The values now live may cancel (or restore) the virtual number: its 48 h re-enable follows them.
    await syncVirtualNumberAfterSave(db, clock, customerId, { orderID: ad.orderId });
    if (blocked) {
      const answer = savedAnswer(ad.orderId, true, ad.cat, ad.subcat);
      return {
        code: 200,
        body: { status: 200, ...answer, redirect: blockedFinishPath(ad) } as OrderEditedResponse,
      };
    }
    return { code: 200, body: live };
  };

  const handler = async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const customer = await req.guardedCustomer();
    const { code, body } = await finish(customer.id, adNumber(req.params.id));
    return reply.code(code).send(body);
  };
  // The body is not read (the web sends {}): the ad's edit is what the server kept.
  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: '/api/publish/:id/order-edited',
      schema: {
        summary: 'סיום עריכה: השינויים השמורים של המודעה עולים לאתר',
        params: AdIdParamsSchema,
        response: { 200: OrderEditedResponseSchema, ...OWN_AD_REFUSALS },
      },
      config: { changesState: true, ...OWN_AD_CONFIG },
      preValidation: app.customerOnly,
      handler,
    });
  }
}
