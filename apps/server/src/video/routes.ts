import { type AdVideo, type AdVideoResponse, VIDEO_TOKEN_TTL_MS, type VideoTokenResponse } from '@app/contract/media';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  AdVideoResponseSchema,
  DeleteVideoRequestSchema,
  MediaOrderParamsSchema,
  VideoTokenResponseSchema,
} from '@app/contract/schemas/media';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import { type AdVideoRow, changesWait, findEditVideo, setEditVideo } from '../media/media-edits-repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { OWN_AD_REFUSALS, ownAdCall, refusal } from '../platform/http/call-contract.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import type { VideoHost } from './host-provider.ts';
import { deleteAdVideo, findAdVideo } from './repository.ts';
import { signVideoToken } from './token.ts';

const toWire = (row: AdVideoRow | null): AdVideo | null =>
  row ? { id: row.videoKey, mime: row.mime, bytes: row.bytes, uploadedAt: row.createdAt.toISOString() } : null;

/**
 * The ad's video, app side: the token for the video host's upload page (our addition), the ad's
 * video (our addition) and the spec's delete-video. All owner-only: another account's or no ad is 404, a visitor
 * 422; the POSTs go through the CSRF check like every state-changing call.
 */
export function publishVideoRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; secret: string; video: VideoHost; origins: PublicOrigins },
): void {
  const { db, clock, secret, video, origins } = deps;
  /** The caller's own ad of the path's OrderID, a reserved one too (its video comes before the first save). */
  const ownAd = (req: FastifyRequest, reply: FastifyReply, id: string) =>
    app.requireOwnAd(req, reply, id, { reserved: true });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/publish/:OrderID/video/token',
    ownAdCall(
      app,
      {
        summary: 'אסימון להעלאת סרטון',
        description: 'אסימון קצר מועד לעמוד ההעלאה של שרת הסרטונים (העלאה בהמשכים), למודעה של הלקוח.',
      },
      MediaOrderParamsSchema,
      VideoTokenResponseSchema,
    ),
    async (req, reply) => {
      const ad = await ownAd(req, reply, req.params.OrderID);
      if (!ad) return reply;
      const adId = ad.orderId;
      const customer = await req.guardedCustomer();
      const expiresAt = clock.now().getTime() + VIDEO_TOKEN_TTL_MS;
      // As this browser reaches them (public-origins.ts): the site, the only parent the upload page will frame into
      // and post to, and the video host.
      const reached = origins.of(req.raw);
      const token = signVideoToken(secret, {
        orderId: adId,
        customerId: customer.id,
        parentOrigin: reached.site,
        expiresAt,
      });
      const videoOrigin = reached.video;
      return {
        status: 'ok',
        token,
        uploadUrl: `${videoOrigin}/video/upload?token=${encodeURIComponent(token)}`,
        videoOrigin,
        expiresAt,
      } satisfies VideoTokenResponse;
    },
  );

  // The owner's video of the ad: that of its unfinished edit when it is published and being edited.
  routes.get(
    '/api/publish/:OrderID/video',
    ownAdCall(
      app,
      {
        summary: 'הסרטון של המודעה',
        description: 'סרטון המודעה של הלקוח, אם יש; למודעה מפורסמת בעריכה: סרטון העריכה.',
      },
      MediaOrderParamsSchema,
      AdVideoResponseSchema,
    ),
    async (req, reply) => {
      const ad = await ownAd(req, reply, req.params.OrderID);
      if (!ad) return reply;
      const edited = changesWait(ad) ? await findEditVideo(db, ad.orderId) : undefined;
      if (edited !== undefined)
        return { status: 'ok', video: toWire(edited), pendingEdit: true } satisfies AdVideoResponse;
      return { status: 'ok', video: toWire(await findAdVideo(db, ad.orderId)) } satisfies AdVideoResponse;
    },
  );

  // Spec §7: POST /api/adds/delete-video/{id} with OrderID in the body; id is the OrderID. A published ad's video
  // goes when its edit is finished (order-edited); until then only the edit has none.
  routes.post(
    '/api/adds/delete-video/:OrderID',
    {
      schema: {
        summary: 'מחיקת הסרטון של המודעה',
        description: 'מוחק את סרטון המודעה של הלקוח; במודעה מפורסמת בעריכה הסרטון יורד כשהעריכה מסתיימת.',
        params: MediaOrderParamsSchema,
        body: DeleteVideoRequestSchema,
        response: { 200: AdVideoResponseSchema, 400: RefusalSchema, ...OWN_AD_REFUSALS },
      },
      preValidation: app.customerOnly,
      config: {
        invalidInput: (part) => (part === 'params' ? refusal(404, he.adNotFound) : refusal(400, he.badRequest)),
      },
    },
    async (req, reply) => {
      const ad = await ownAd(req, reply, req.params.OrderID);
      if (!ad) return reply;
      const adId = ad.orderId;
      const bodyId = req.body?.OrderID;
      if (bodyId !== undefined && String(bodyId) !== String(adId))
        return reply.code(400).send({ status: 400, message: he.badRequest });
      if (changesWait(ad)) {
        const { freed } = await setEditVideo(db, adId, null);
        if (freed) await video.remove(freed);
        return { status: 'ok', video: null, pendingEdit: true } satisfies AdVideoResponse;
      }
      const gone = await deleteAdVideo(db, adId);
      if (gone) await video.remove(gone.videoKey);
      return { status: 'ok', video: null } satisfies AdVideoResponse;
    },
  );
}
