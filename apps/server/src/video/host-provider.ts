import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AdVideo, VIDEO_MIME_TYPES, VIDEO_UPLOAD_MAX_BYTES, type VideoMime } from '@app/contract/media';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { findOwnAd } from '../ads/ads-repository.ts';
import { he } from '../i18n/messages.ts';
import { changesWait, setEditVideo } from '../media/media-edits-repository.ts';
import type { Clock } from '../platform/clock.ts';
import { type Config, videoPort } from '../platform/config.ts';
import type { Db } from '../platform/db/db.ts';
import { framedPageCsp, secondOrigin, serveAssets } from '../platform/http/second-origin.ts';
import { uploadPage } from './page.ts';
import { replaceAdVideo } from './repository.ts';
import { type VideoTokenPayload, verifyVideoToken } from './token.ts';
import { closeUpload, expiryMs, openUpload } from './uploads-service.ts';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** The tus client, served from the video origin itself (no CDN): the package's own minified browser build. */
const TUS_CLIENT = path.join(path.dirname(require.resolve('tus-js-client/package.json')), 'dist/tus.min.js');
const ASSETS: Record<string, { file: string; type: string }> = {
  'tus.min.js': { file: TUS_CLIENT, type: 'text/javascript; charset=utf-8' },
  'upload.js': { file: path.join(here, 'assets/upload.js'), type: 'text/javascript; charset=utf-8' },
  'upload.css': { file: path.join(here, 'assets/upload.css'), type: 'text/css; charset=utf-8' },
};

/** The header that carries the token on every tus request (the video origin has no cookies of ours). */
export const VIDEO_TOKEN_HEADER = 'x-video-token';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const FILES_PATH = '/video/files';

/** What the tus hooks throw: tus answers with this status and body. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

export interface VideoHost {
  app: FastifyInstance;
  /** The directory of the tus uploads (DATA_DIR/videos). */
  directory: string;
  /** Removes a stored video (its bytes and its tus info file); a missing one is no error. */
  remove(key: string): Promise<void>;
  /** The port it listens on, or the configured one before it listens. */
  port(): number;
  listen(options: { port: number; host: string }): Promise<number>;
}

/** The page's policy: our own scripts and styles only, tus calls to our own origin, framed only by the parent. */
function pageCsp(parentOrigin: string | null): string {
  return framedPageCsp({ parent: parentOrigin, formAction: "'none'", imgSrc: "'self'" });
}

function sniffMime(mime: string | undefined): VideoMime | null {
  return (VIDEO_MIME_TYPES as readonly string[]).includes(mime ?? '') ? (mime as VideoMime) : null;
}

/**
 * The video host (spec §4 "Video (iframe loaded from an external upload host)"): its own Fastify
 * instance on its own port, so the upload page is another origin than the app. It serves the upload page, its
 * two scripts, and the tus endpoint (@tus/server over a local directory, DATA_DIR/videos). Every tus request
 * carries the video token; an upload belongs to the token's ad and customer, and only they may resume it. A
 * finished upload is sniffed (mp4, mov, webm; anything else is deleted and refused) and recorded as the ad's
 * video, replacing the earlier one.
 */
export async function buildVideoHost(deps: { config: Config; db: Db; clock: Clock }): Promise<VideoHost> {
  const { config, db, clock } = deps;
  const directory = path.join(config.DATA_DIR, 'videos');
  await fs.mkdir(directory, { recursive: true });
  // tus refuses an unfinished upload past its expiry (410); the video.expire job removes it (uploads-service.ts).
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs(config) });

  const tokenOf = (header: string | null | undefined): VideoTokenPayload | null => {
    const check = verifyVideoToken(config.VIDEO_TOKEN_SECRET, header, clock.now().getTime());
    return check.ok ? check.payload : null;
  };

  const remove = async (key: string) => {
    if (!UPLOAD_ID.test(key)) return;
    await datastore.remove(key).catch(() => undefined);
  };

  const tus = new TusServer({
    path: FILES_PATH,
    datastore,
    maxSize: VIDEO_UPLOAD_MAX_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: config.TRUST_PROXY,
    // Same-origin only: the upload page is served from here; nobody else gets CORS access.
    allowedOrigins: () => false,
    allowedHeaders: [VIDEO_TOKEN_HEADER],
    disableTerminationForFinishedUploads: true,
    // The upload belongs to the token's ad and customer, whatever metadata the client sent.
    async onUploadCreate(req, upload) {
      const token = tokenOf(req.headers.get(VIDEO_TOKEN_HEADER));
      if (!token) throw refuse(401, he.videoTokenInvalid);
      if (upload.size === undefined) throw refuse(400, he.badRequest);
      // The limits on unfinished uploads (per ad, per customer, bytes held, the disk's floor), counted in the
      // database; the upload counts from here until it finishes, is ended or expires.
      const refused = await openUpload(
        db,
        { id: upload.id, adId: token.orderId, customerId: token.customerId, bytes: upload.size, directory },
        config,
        clock.now(),
      );
      if (refused) throw refuse(refused.status, refused.message);
      return { metadata: { orderId: String(token.orderId), customerId: String(token.customerId) } };
    },
    async onUploadFinish(req, upload) {
      const token = tokenOf(req.headers.get(VIDEO_TOKEN_HEADER));
      if (!token) throw refuse(401, he.videoTokenInvalid);
      // All its bytes are here: it no longer counts as unfinished, whether it is kept or refused below.
      await closeUpload(db, upload.id);
      const head = Buffer.alloc(4100);
      const file = await fs.open(path.join(directory, upload.id), 'r');
      let read: number;
      try {
        ({ bytesRead: read } = await file.read(head, 0, head.length, 0));
      } finally {
        await file.close();
      }
      const mime = sniffMime((await fileTypeFromBuffer(head.subarray(0, read)))?.mime);
      if (!mime) {
        await remove(upload.id);
        throw refuse(415, he.videoType);
      }
      const ad = await findOwnAd(db, token.customerId, token.orderId);
      if (!ad) {
        await remove(upload.id);
        throw refuse(404, he.adNotFound);
      }
      const stored = { videoKey: upload.id, mime, bytes: upload.size ?? upload.offset };
      // A published ad's new video waits for its edit's finish (order-edited); the live one stays until then.
      const { replaced } = changesWait(ad)
        ? { replaced: (await setEditVideo(db, ad.orderId, stored)).freed }
        : await replaceAdVideo(db, { adId: ad.orderId, ...stored });
      if (replaced) await remove(replaced);
      const video: AdVideo = {
        id: upload.id,
        mime,
        bytes: upload.size ?? upload.offset,
        uploadedAt: clock.now().toISOString(),
      };
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ status: 'ok', video }),
      };
    },
    // tus's own refusals in Hebrew (the page shows its own text per status; API clients read these).
    onResponseError(_req, err) {
      const status = 'status_code' in err ? err.status_code : 500;
      if (status === 413) return { status_code: 413, body: he.videoTooLarge };
      return undefined;
    },
  });

  // The token is in the page's URL: the second origin never sends it on as a referrer.
  const host = secondOrigin(config, {
    configuredPort: () => videoPort(config),
    // A PATCH carries a chunk (5 MB from our page) over a phone connection: allow it time.
    requestTimeout: 10 * 60_000,
  });
  const { app, port } = host;

  app.setNotFoundHandler((_req, reply) => reply.code(404).type('text/plain; charset=utf-8').send(he.notFound));

  app.get('/video/upload', async (req, reply) => {
    const raw = (req.query as { token?: unknown }).token;
    const check = verifyVideoToken(config.VIDEO_TOKEN_SECRET, raw, clock.now().getTime());
    const parent = check.ok || check.reason === 'expired' ? check.payload.parentOrigin : null;
    const html = uploadPage(
      check.ok
        ? { state: 'ready', token: raw as string, payload: check.payload }
        : check.reason === 'expired'
          ? { state: 'expired', payload: check.payload }
          : { state: 'invalid' },
    );
    return reply
      .code(check.ok ? 200 : 401)
      .header('content-security-policy', pageCsp(parent))
      .type('text/html; charset=utf-8')
      .send(html);
  });

  serveAssets(app, '/video/assets', ASSETS);

  // tus reads the request body itself: Fastify must leave it alone.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const tusRoute = async (req: FastifyRequest, reply: FastifyReply) => {
    const text = (status: number, body: string) =>
      reply.code(status).type('text/plain; charset=utf-8').header('tus-resumable', '1.0.0').send(body);
    if (req.method !== 'OPTIONS') {
      const token = tokenOf(req.headers[VIDEO_TOKEN_HEADER] as string | undefined);
      if (!token) return text(401, he.videoTokenInvalid);
      const id = (req.params as { id?: string }).id;
      if (id === undefined) {
        if (req.method !== 'POST') return text(405, he.badRequest);
        if (!(await findOwnAd(db, token.customerId, token.orderId))) return text(404, he.adNotFound);
      } else {
        // The upload's bytes are never read back through tus; HEAD, PATCH and DELETE only by its own ad's owner.
        if (req.method === 'GET' || req.method === 'POST' || !UPLOAD_ID.test(id)) return text(404, he.notFound);
        const upload = await datastore.getUpload(id).catch(() => null);
        const meta = upload?.metadata ?? {};
        if (!upload || meta.orderId !== String(token.orderId) || meta.customerId !== String(token.customerId))
          return text(404, he.notFound);
      }
    }
    // An upload ended by its owner (tus termination) no longer counts, from before the answer: a new upload sent
    // as soon as the 204 arrives finds the room (recorded after it, the two raced). A finished upload's row is gone
    // already, and tus refuses to end it.
    const id = (req.params as { id?: string }).id;
    if (req.method === 'DELETE' && id) await closeUpload(db, id);
    reply.hijack();
    await tus.handle(req.raw, reply.raw);
  };
  app.route({ method: ['POST', 'OPTIONS'], url: FILES_PATH, handler: tusRoute });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS', 'GET'], url: `${FILES_PATH}/:id`, handler: tusRoute });

  // A backstop for this process's own directory: unfinished uploads past their expiry that the database no longer
  // knows (their .json says when they were created) are removed every hour.
  const sweep = setInterval(() => void datastore.deleteExpired().catch(() => undefined), 60 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return { app, directory, remove, port, listen: host.listen };
}
