import crypto from 'node:crypto';
import {
  type AdImage,
  type AdImagesResponse,
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageContentResponse,
  type ImageUploadResponse,
  MAX_AD_IMAGES,
  mediaUrl,
  photoCap,
  type ReserveOrderResponse,
} from '@app/contract/media';
import type { Selectors } from '@app/contract/publish';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  AdImagesResponseSchema,
  ImageContentQuerySchema,
  ImageContentResponseSchema,
  ImageOrderRequestSchema,
  ImageUploadResponseSchema,
  MediaFileResponses,
  MediaNameParamsSchema,
  MediaOrderParamsSchema,
  MultipartHeadersSchema,
} from '@app/contract/schemas/media';
import { ReserveOrderRequestSchema, ReserveOrderResponseSchema } from '@app/contract/schemas/publish';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { findOwnAdWithSlotSource } from '../ads/ads-repository.ts';
import { draftKey } from '../ads/drafts-repository.ts';
import { reserveAd } from '../ads/reservations-repository.ts';
import { readSelectors } from '../catalogue/selectors.ts';
import type { CatalogService } from '../catalogue/service.ts';
import { he } from '../i18n/messages.ts';
import type { Db } from '../platform/db/db.ts';
import {
  type InvalidInputAnswer,
  inputRefusal,
  OWN_AD_CONFIG,
  OWN_AD_REFUSALS,
  ownAdCall,
  refusal,
} from '../platform/http/call-contract.ts';
import { guardInput } from '../platform/http/input-guard.ts';
import { type DerivedImage, deriveImage, type EncodedImage, encodeImage, ImageRefused } from './images.ts';
import {
  type AdImageRow,
  deleteAdImage,
  findImageByKey,
  listAdImages,
  setAdImageOrder,
  upsertAdImage,
} from './images-repository.ts';
import { changesWait, photoSetFor } from './media-edits-repository.ts';
import { REUSED_MAX_DISTANCE } from './phash.ts';
import { MEDIA_KEY, type MediaStore } from './store-provider.ts';
import { removeFreed, type VideoFiles } from './sweep-jobs.ts';

const JPEG = 'image/jpeg';

/**
 * The ad's photo cap from its catalogue: the largest cropper of its photo fields (publish or edit flow; 5 or more
 * means 10, the teacher's single photo is 1). A catalogue without a photo field takes none.
 */
function slotCap(catalogs: CatalogService, selectors: Selectors): number {
  const catalog = catalogs.catalog(selectors);
  const caps = [...(catalog?.steps ?? []), ...(catalog?.editSteps ?? [])]
    .flatMap((step) => step.fields)
    .filter((field) => field.type === 'image' && field.cropper)
    .map((field) => photoCap(field.cropper?.total_images ?? 0));
  return caps.length ? Math.min(MAX_AD_IMAGES, Math.max(...caps)) : 0;
}

function toWire(rows: AdImageRow[]): AdImage[] {
  return rows.map((r, i) => ({
    id: r.imageKey.slice(0, 32),
    picNumber: r.slot,
    position: i + 1,
    main: i === 0,
    url: mediaUrl(r.imageKey),
    thumbnailUrl: mediaUrl(r.thumbKey),
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    reused: r.reused,
  }));
}

const notFound = (reply: FastifyReply) => reply.code(404).send({ status: 404, message: he.adNotFound });

function intField(v: unknown, min: number, max: number): number | null {
  if (typeof v !== 'string' || !/^\d{1,3}$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
}

/** A path that names no ad is 404 as another account's ad; any other refused part is this message's 400. */
const adThen =
  (message: string): InvalidInputAnswer =>
  (part) =>
    part === 'params' ? refusal(404, he.adNotFound) : refusal(400, message);

function answer(rows: AdImageRow[], slot: number): ImageUploadResponse {
  const images = toWire(rows);
  return { status: 'ok', picNumber: slot, image: images.find((i) => i.picNumber === slot) ?? null, images };
}

/**
 * Ad photos: upload/replace/delete a slot, the order (our addition), the list, the spec's base64
 * content call, and the plain image route. Multipart is parsed only in this scope.
 */
/** The messages of busboy's parse errors (a malformed multipart body). */
const MALFORMED_MULTIPART = /multipart|boundary|part header|end of form/i;

export async function publishImageRoutes(
  app: FastifyInstance,
  deps: { db: Db; store: MediaStore; catalogs: CatalogService; videos: VideoFiles },
): Promise<void> {
  const { db, store, catalogs, videos } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** The caller's own ad of the path's OrderID, a reserved one too (its photos come before the first save). */
  const ownAd = (req: FastifyRequest, reply: FastifyReply, id: string) =>
    app.requireOwnAd(req, reply, id, { reserved: true });

  // Our addition: photos upload while the wizard is being filled in, so they need an ad before the first save.
  // One reserved ad per wizard tab (its idempotency key: a reload of the tab finds the same ad and its photos;
  // two tabs writing two ads of one category get two ads); the first save-ad with its OrderID fills it. Only for
  // a catalogue with a photo field. A key already used by an ad that is no longer reserved (saved since) is 409:
  // the browser starts a new reservation. A customer holds at most RESERVATIONS_PER_CUSTOMER: beyond that the
  // idle-longest one is given up, its files removed here (ads/reservations-repository.ts).
  const reserveSchema = {
    summary: 'מודעה שמורה לתמונות של טופס הפרסום לפני השמירה הראשונה',
    body: ReserveOrderRequestSchema,
    response: {
      200: ReserveOrderResponseSchema,
      400: RefusalSchema,
      404: RefusalSchema,
      409: RefusalSchema,
      422: RefusalSchema,
    },
  };
  const reserve = { schema: reserveSchema, preValidation: app.customerOnly };
  app.post('/api/publish/reserve-order', reserve, async (req, reply) => {
    const customer = await req.guardedCustomer();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const selectors = readSelectors(body);
    const catalog = catalogs.catalog(selectors);
    if (!catalog || slotCap(catalogs, selectors) === 0)
      return reply.code(404).send({ status: 404, message: he.noCatalog });
    if (typeof body.idempotencyKey !== 'string' || !/^[\w-]{8,64}$/.test(body.idempotencyKey))
      return reply.code(400).send({ status: 400, message: he.badRequest });
    const { ad, freed } = await reserveAd(db, {
      customerId: customer.id,
      cat: catalog.cat,
      subcat: selectors.subcat === undefined ? null : Number(selectors.subcat),
      selectors,
      idempotencyKey: `reserve:${body.idempotencyKey}`,
    });
    await removeFreed(freed, store, videos);
    if (ad.status !== 'reserved' || draftKey(ad.selectors) !== draftKey(selectors))
      return reply.code(409).send({ status: 409, message: he.badRequest });
    return { status: 'ok', OrderID: ad.orderId } satisfies ReserveOrderResponse;
  });

  // Plain image route: random, server-made names, so the bytes behind a name never change (immutable).
  // Whoever has the URL may read it (an unguessable 128-bit name); the URLs of a draft's images are given only
  // to its owner, and a published ad's images are public anyway.
  // The answer is the file's stream, sent as it is: the schema names its type, nothing serialises it.
  routes.get(
    '/media/:name',
    {
      schema: {
        summary: 'קובץ תמונה שמור',
        description: 'התמונה או התמונה הממוזערת לפי שם הקובץ שהשרת נתן לה (נשמר במטמון לתמיד).',
        params: MediaNameParamsSchema,
        response: { ...MediaFileResponses, 404: RefusalSchema },
      },
      config: OWN_AD_CONFIG,
    },
    async (req, reply) => {
      const { name } = req.params;
      if (!MEDIA_KEY.test(name)) return notFound(reply);
      const body = await store.stream(name);
      if (!body) return notFound(reply);
      // A stream: the reply sends it as it is (the typed reply takes the schema's text, the untyped one any body).
      return (reply as FastifyReply)
        .header('content-type', JPEG)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    // After multipart has put the fields in the body: the same NUL / lone-surrogate guard as every other call.
    scope.addHook('preValidation', guardInput);
    scope.setErrorHandler((err: { statusCode?: number; code?: string; message?: string }, req, reply) => {
      // A path or a header its schema refuses: the route's Hebrew answer, as everywhere else.
      const refused = inputRefusal(err, req);
      if (refused) return reply.code(refused.status).send(refused.body);
      if (err.code === 'FST_REQ_FILE_TOO_LARGE')
        return reply.code(413).send({ status: 413, message: he.imageTooLarge });
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
        return reply.code(err.statusCode).send({ status: err.statusCode, message: he.badRequest });
      // A malformed multipart body (cut short, no closing boundary, a broken part header): busboy's parse
      // errors carry no status, and are the client's fault, not the server's.
      if (!err.statusCode && MALFORMED_MULTIPART.test(err.message ?? ''))
        return reply.code(400).send({ status: 400, message: he.badRequest });
      req.log.error(err);
      return reply.code(500).send({ status: 500, message: he.serverError, hash: req.id });
    });

    /**
     * One photo of an ad. The ad comes from the path (the main route) or, on the legacy routes the specification's
     * call table also names (POST /api/publish/images/upload and the worker's /api/workers/image-upload), from the
     * form's OrderID field; the rules and the answers are the same.
     */
    const upload = async (req: FastifyRequest, reply: FastifyReply, orderId: number | null) => {
      const customer = await app.requireCustomer(req, reply);
      if (!customer) return reply;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const requested = intField(body.picNumber, 1, MAX_AD_IMAGES);
      const file = Buffer.isBuffer(body.image) && body.image.length > 0 ? body.image : null;
      const orientation = body.orientation === undefined ? null : intField(body.orientation, 1, 8);
      const orientationOk = body.orientation === undefined || orientation !== null;
      // libvips starts on a well-formed upload at once (its own threads) while the database answers the owner
      // check and the main thread hashes the file for the retry check. Its result is used only once the ad is
      // known to be the caller's: another account's ad is 404 as before, and a retry of a stored upload answers
      // as before, each once the work has settled (its result dropped), so no request leaves an encode behind
      // it. The answers and their order are those of the checks below, as if nothing had started early.
      const encoding =
        file && orientationOk && body.deleteImage !== '1' && requested !== null ? encodeImage(file, orientation) : null;
      encoding?.catch(() => {});
      // The owner check and the slot's current source hash (for the retry check) in one query.
      const own = orderId ? await findOwnAdWithSlotSource(db, customer.id, orderId, requested) : null;
      // A refusal waits for the work started early (as if it had never started: one encode per request at a
      // time, so nobody queues encodes against ads that are not theirs).
      const refuse = async (send: () => FastifyReply) => {
        if (encoding) await Promise.allSettled([encoding]);
        return send();
      };
      if (!own) return refuse(() => notFound(reply));
      const { ad, slotSource } = own;
      const adId = ad.orderId;
      // A published ad's photos change in its edit's copy, live only when the edit is finished (order-edited).
      const writeSet = changesWait(ad) ? 'edit' : 'live';
      const readSet = own.mediaEdit ? 'edit' : 'live';
      const slot = requested !== null && requested <= slotCap(catalogs, ad.selectors) ? requested : null;
      if (slot === null) return refuse(() => reply.code(400).send({ status: 400, message: he.imageSlot }));

      if (body.deleteImage === '1') {
        const garbage = await deleteAdImage(db, adId, slot, writeSet);
        await Promise.all(garbage.map((key) => store.delete(key)));
        const images = toWire(await listAdImages(db, adId, writeSet));
        return { status: 'ok', picNumber: slot, image: null, images } satisfies ImageUploadResponse;
      }

      if (!file) return reply.code(400).send({ status: 400, message: he.imageMissing });
      if (!orientationOk || !encoding) return reply.code(400).send({ status: 400, message: he.badRequest });

      // A retry of the same upload (same bytes, same orientation) finds the slot already holding it.
      const sourceSha256 = crypto
        .createHash('sha256')
        .update(file)
        .update(`|${orientation ?? 'file'}`)
        .digest('hex');
      if (slotSource !== sourceSha256) {
        let encoded: EncodedImage;
        try {
          encoded = await encoding;
        } catch (err) {
          if (err instanceof ImageRefused)
            return reply.code(err.statusCode).send({ status: err.statusCode, message: err.message });
          throw err;
        }
        const name = crypto.randomBytes(16).toString('hex');
        const imageKey = `${name}.jpg`;
        const thumbKey = `${name}_t.jpg`;
        // Side by side: the JPEG is written while libvips makes its thumbnail and hashes; then the thumbnail.
        // The database refers to the files only once both are stored.
        const jpegWritten = store.put(imageKey, encoded.jpeg, JPEG);
        jpegWritten.catch(() => {});
        let derived: DerivedImage;
        try {
          derived = await deriveImage(encoded.jpeg);
          const results = await Promise.allSettled([store.put(thumbKey, derived.thumbnail, JPEG), jpegWritten]);
          const failure = results.find((r) => r.status === 'rejected');
          if (failure?.status === 'rejected') throw failure.reason;
        } catch (err) {
          // Nothing refers to the new files yet: none is left behind (once the JPEG's write has settled).
          await Promise.allSettled([jpegWritten]);
          await Promise.allSettled([store.delete(imageKey), store.delete(thumbKey)]);
          if (err instanceof ImageRefused)
            return reply.code(err.statusCode).send({ status: err.statusCode, message: err.message });
          throw err;
        }
        // One transaction: the reuse check (the same photo, or a re-encoded, rescaled copy, in
        // another of this customer's ads), the write and the answer's list.
        const { garbage, rows } = await upsertAdImage(
          db,
          adId,
          {
            slot,
            imageKey,
            thumbKey,
            width: encoded.width,
            height: encoded.height,
            bytes: encoded.jpeg.length,
            sha256: derived.sha256,
            sourceSha256,
          },
          { phash: derived.phash, maxDistance: REUSED_MAX_DISTANCE },
          writeSet,
        );
        // The replaced files go before the answer (a client that sees the answer sees them gone).
        await Promise.all(garbage.map((key) => store.delete(key)));
        return answer(rows, slot);
      }
      await Promise.allSettled([encoding]);
      return answer(await listAdImages(db, adId, readSet), slot);
    };
    // Declared without a body schema: the multipart parser reads the form within its limits, and the handler reads
    // each field (picNumber, deleteImage, orientation, the image file, the legacy routes' OrderID) with its own
    // Hebrew answers. The content type is checked: the form is multipart/form-data.
    const uploadSchema = {
      headers: MultipartHeadersSchema,
      response: {
        200: ImageUploadResponseSchema,
        400: RefusalSchema,
        413: RefusalSchema,
        415: RefusalSchema,
        ...OWN_AD_REFUSALS,
      },
    };
    const uploadRoutes = scope.withTypeProvider<ZodTypeProvider>();
    uploadRoutes.post(
      '/api/publish/:OrderID/images/upload',
      {
        schema: {
          summary: 'העלאת תמונה למודעה',
          description: 'טופס מרובה חלקים: קובץ התמונה, מספר המקום שלה וכיוונה, או בקשה למחוק את התמונה שבמקום.',
          params: MediaOrderParamsSchema,
          ...uploadSchema,
        },
        preValidation: app.customerOnly,
        config: { invalidInput: adThen(he.badRequest) },
      },
      (req, reply) => upload(req, reply, Number(req.params.OrderID)),
    );
    const orderIdField = (req: FastifyRequest): number | null => {
      const raw = (req.body as Record<string, unknown> | null)?.OrderID;
      return typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
    };
    for (const url of ['/api/publish/images/upload', '/api/workers/image-upload']) {
      uploadRoutes.post(
        url,
        {
          schema: {
            summary: 'העלאת תמונה למודעה (הכתובת הישנה)',
            description: 'כמו העלאת התמונה, והמודעה לפי מספר המודעה שבטופס.',
            ...uploadSchema,
          },
          preValidation: app.customerOnly,
        },
        (req, reply) => upload(req, reply, orderIdField(req)),
      );
    }
  });

  // The owner's photos of the ad: those of its unfinished edit when it is published and being edited.
  routes.get(
    '/api/publish/:OrderID/images',
    ownAdCall(
      app,
      {
        summary: 'התמונות של המודעה',
        description: 'תמונות המודעה של הלקוח לפי הסדר; למודעה מפורסמת בעריכה: תמונות העריכה.',
      },
      MediaOrderParamsSchema,
      AdImagesResponseSchema,
    ),
    async (req, reply) => {
      const ad = await ownAd(req, reply, req.params.OrderID);
      if (!ad) return reply;
      const set = await photoSetFor(db, ad);
      return {
        status: 'ok',
        images: toWire(await listAdImages(db, ad.orderId, set)),
        ...(set === 'edit' ? { pendingEdit: true as const } : {}),
      } satisfies AdImagesResponse;
    },
  );

  routes.post(
    '/api/publish/:OrderID/images/order',
    {
      schema: {
        summary: 'סדר התמונות של המודעה',
        description: 'כל מקום שמור פעם אחת, התמונה הראשית ראשונה; סדר אחר נדחה ודבר אינו משתנה.',
        params: MediaOrderParamsSchema,
        body: ImageOrderRequestSchema,
        response: { 200: AdImagesResponseSchema, 400: RefusalSchema, ...OWN_AD_REFUSALS },
      },
      preValidation: app.customerOnly,
      config: { invalidInput: adThen(he.imageOrder) },
    },
    async (req, reply) => {
      const ad = await ownAd(req, reply, req.params.OrderID);
      if (!ad) return reply;
      const adId = ad.orderId;
      const writeSet = changesWait(ad) ? 'edit' : 'live';
      const order = req.body.order;
      // An edit's first change copies the live photos: the same slots.
      const stored = (await listAdImages(db, adId, await photoSetFor(db, ad))).map((r) => r.slot);
      const valid =
        Array.isArray(order) &&
        order.length === stored.length &&
        order.every((s) => Number.isInteger(s) && stored.includes(s as number)) &&
        new Set(order).size === order.length;
      if (!valid) return reply.code(400).send({ status: 400, message: he.imageOrder });
      await setAdImageOrder(db, adId, order as number[], writeSet);
      return {
        status: 'ok',
        images: toWire(await listAdImages(db, adId, writeSet)),
        ...(writeSet === 'edit' ? { pendingEdit: true as const } : {}),
      } satisfies AdImagesResponse;
    },
  );

  // Spec §7: the image's bytes as base64. The owner may read their ad's images in any state; anyone may read
  // those a published (active) ad shows, never those of its unfinished edit; otherwise 404, as if there were none.
  // A query its schema refuses names no image either: 404.
  routes.get(
    '/api/publish/images/content',
    {
      schema: {
        summary: 'תוכן התמונה כטקסט מקודד',
        description:
          'הבתים של תמונה לפי כתובתה: של מודעה פעילה לכל אחד, ושל מודעה אחרת לבעליה בלבד; אחרת 404, כאילו אין כזו.',
        querystring: ImageContentQuerySchema,
        response: { 200: ImageContentResponseSchema, 404: RefusalSchema },
      },
      config: OWN_AD_CONFIG,
    },
    async (req, reply) => {
      const src = req.query.src;
      const key = src !== undefined ? /([0-9a-f]{32}(?:_t)?\.jpg)(?:[?#].*)?$/.exec(src)?.[1] : undefined;
      if (!key) return notFound(reply);
      const found = await findImageByKey(db, key);
      const customer = await req.customer();
      const isPublic = found?.live === true && found.status === 'active';
      if (!found || (!isPublic && found.customerId !== customer?.id)) return notFound(reply);
      const bytes = await store.get(key);
      if (!bytes) return notFound(reply);
      const thumb = key.endsWith('_t.jpg');
      const { width, height } = thumb ? await sharp(bytes).metadata() : found.image;
      return {
        status: 'ok',
        src: mediaUrl(key),
        mime: JPEG,
        content: bytes.toString('base64'),
        width: width ?? 0,
        height: height ?? 0,
      } satisfies ImageContentResponse;
    },
  );
}
