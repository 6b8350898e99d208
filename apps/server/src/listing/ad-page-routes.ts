import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { CSRF_COOKIE } from '@app/contract/auth';
import { formatPhone, normalisePhone } from '@app/contract/phones';
import {
  AdPageParamsSchema,
  AdPageRefusalSchema,
  AdReportRequestSchema,
  AdReportResponseSchema,
  AdShareResponseSchema,
  PhoneRevealResponseSchema,
} from '@app/contract/schemas/adPage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicPhoneOf } from '../ads/public-ad.ts';
import { cardHtml } from '../board/board-pages.ts';
import { BOARD_CARDS_STYLE_URL } from '../board/board-style.ts';
import { cardView } from '../board/board-view-service.ts';
import { heAdPage as he } from '../i18n/ad-page.ts';
import { addReport } from '../moderation/reports-repository.ts';
import { type AdNumbersCounter, adNumbersByDay } from '../numbers/ad-numbers-service.ts';
import { isPersonsBrowser } from '../numbers/visitor-hash.ts';
import { findVirtualPhone } from '../phones/phone-repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { findAdVideo } from '../video/repository.ts';
import { adMissingHtml, adPageHtml, type PageChrome } from './ad-page.ts';
import { REPORTS_PER_HOUR, REVEALS_PER_HOUR, SHARES_PER_HOUR } from './ad-page-limits.ts';
import { adPage, adPreview, liveAd } from './ad-page-service.ts';

const HOUR_MS = 60 * 60 * 1000;

interface Deps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  origins: Pick<PublicOrigins, 'siteUrl'>;
  /** The built web app's style sheets, script and top bar for the page (none without a build). */
  chrome: PageChrome;
  /** Where the ads' videos are stored (the video host's directory). */
  videoDirectory: string;
  /** The advertiser's numbers: views, reveals, shares and reports counted in memory, written in batches. */
  numbers: AdNumbersCounter;
}

/**
 * Who counts in the ad's numbers: a person's browser (no known bot) that is not the ad's owner. The key a view is
 * told apart by (hashed with the day's salt in memory, never stored): the customer, else the address and the browser.
 */
async function countedVisitor(req: FastifyRequest, ownerId: number): Promise<string | null> {
  const agent = req.headers['user-agent'];
  if (!isPersonsBrowser(agent)) return null;
  const customer = await req.customer();
  if (customer && Number(customer.id) === ownerId) return null;
  return customer ? `customer:${customer.id}` : `browser:${req.ip} ${agent}`;
}

/** Who is asking, for the limits and a report's once-per-case: the customer, else the browser's CSRF cookie. */
async function visitorOf(req: FastifyRequest): Promise<string> {
  const customer = await req.customer();
  const who = customer ? `customer:${customer.id}` : `browser:${req.cookies[CSRF_COOKIE] ?? req.ip}`;
  return crypto.createHash('sha256').update(who).digest('base64url');
}

/** One hit on both counters; true when either is past its limit. */
async function overLimit(
  limiter: RateLimiter,
  name: string,
  visitor: string,
  ip: string,
  limits: { visitor: number; address: number },
): Promise<boolean> {
  const keys = [`${name}:visitor:${visitor}`, `${name}:ip:${ip}`] as const;
  const counts = await limiter.hitMany(keys, HOUR_MS);
  return (counts.get(keys[0])?.count ?? 0) > limits.visitor || (counts.get(keys[1])?.count ?? 0) > limits.address;
}

/** A video's bytes, whole or the range asked for (a player seeks by ranges). */
function videoRange(size: number, header: string | undefined): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start > end || start >= size ? 'bad' : { start, end };
}

/**
 * The ad's public page and its calls:
 * - GET /item/{id}: the page (HTML; listing/ad-page.ts). 200 live for everyone; 410 ended; the owner's held ad 200
 *   with why buyers cannot see it yet; else 404 (a malformed number too). Reads only. A live page may be kept by a
 *   cache but is checked each time (ETag, `no-cache`), so an ad that stops being live is gone at once; any other
 *   answer is `no-store`.
 * - GET /item/{id}/preview: the owner's preview of what they will publish (listing/README.md, "The preview"); 404
 *   to anyone else. Never kept, never indexed.
 * - GET /item/{id}/video: a live ad's video (ranges).
 * - POST /api/ads/{id}/phone: the number, counted; limited per visitor and per address (429).
 * - POST /api/ads/{id}/report: a buyer's report, into the ad's moderation case; limited the same way.
 */
export function adPageRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock, limiter, origins, chrome, numbers } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const url = (p: string) => origins.siteUrl(p);
  const html = z.string();

  routes.get(
    '/item/:id',
    {
      schema: {
        hide: true,
        summary: 'עמוד המודעה',
        params: z.object({ id: z.string() }),
        response: { 200: html, 304: z.null(), 404: html, 410: html },
      },
    },
    async (req, reply) => {
      const id = /^[1-9]\d{0,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
      const now = clock.now();
      const caller = async () => {
        const customer = await req.customer();
        return customer ? Number(customer.id) : null;
      };
      const outcome = await adPage(db, id, now, caller);
      reply.type('text/html; charset=utf-8');
      if (outcome.kind !== 'page') {
        const status = outcome.kind === 'ended' ? 410 : 404;
        return reply.code(status).header('cache-control', 'no-store').send(adMissingHtml(outcome, chrome));
      }
      // The owner's page carries the ad's numbers (a read); nobody else's does, and their visit is counted in memory.
      const own = (await caller()) === outcome.ownerId;
      const ownNumbers = own ? await adNumbersByDay(db, outcome.view.orderId, now) : null;
      const page = adPageHtml(outcome.view, { url, chrome, notice: outcome.notice, numbers: ownNumbers });
      if (!outcome.live || own) return reply.header('cache-control', 'private, no-store').send(page);
      const visitor = await countedVisitor(req, outcome.ownerId);
      if (visitor) numbers.countView(outcome.view.orderId, visitor);
      const etag = `"${crypto.createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', 'public, no-cache').header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.send(page);
    },
  );

  routes.get(
    '/item/:id/preview',
    {
      schema: {
        hide: true,
        summary: 'תצוגה מקדימה של המודעה',
        params: z.object({ id: z.string() }),
        response: { 200: html, 404: html },
      },
    },
    async (req, reply) => {
      const id = /^[1-9]\d{0,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
      const customer = await req.customer();
      const now = clock.now();
      const preview = await adPreview(db, id, now, customer ? Number(customer.id) : null);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex, nofollow');
      if (!preview) return reply.code(404).send(adMissingHtml({ kind: 'gone' }, chrome));
      const { view, card, stepPath, backPath, photosArea } = preview;
      return reply.send(
        adPageHtml(view, {
          url,
          chrome,
          notice: null,
          preview: {
            // The card links to the page it previews, not to the ad's public address (not live yet).
            cardHtml: card ? cardHtml({ ...cardView(card), url: '#main' }, now) : null,
            cardStyleUrl: BOARD_CARDS_STYLE_URL,
            stepPath,
            backPath,
            photosArea,
          },
        }),
      );
    },
  );

  routes.get(
    '/item/:id/video',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string() }),
        response: { 200: z.any(), 206: z.any(), 404: z.string(), 416: z.string() },
      },
    },
    async (req, reply) => {
      const id = /^[1-9]\d{0,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
      const ad = await liveAd(db, id, clock.now());
      const video = ad ? await findAdVideo(db, ad.orderId) : null;
      const file = video ? path.join(deps.videoDirectory, path.basename(video.videoKey)) : null;
      const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
      if (!video || !file || !stat) return reply.code(404).type('text/plain; charset=utf-8').send(he.adGone);
      const range = videoRange(stat.size, req.headers.range);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'no-cache').type(video.mime);
      if (range === 'bad') return reply.code(416).header('content-range', `bytes */${stat.size}`).send('');
      if (!range) return reply.header('content-length', stat.size).send(fs.createReadStream(file));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(fs.createReadStream(file, range));
    },
  );

  routes.post(
    '/api/ads/:id/phone',
    {
      schema: {
        summary: 'הצגת מספר הטלפון של מודעה',
        description:
          'מספר הטלפון שהקונים מתקשרים אליו (המספר הווירטואלי כשהמודעה משתמשת בו), נספר בכל הצגה; מוגבל לכל מבקר ולכל כתובת.',
        params: AdPageParamsSchema,
        response: { 200: PhoneRevealResponseSchema, 404: AdPageRefusalSchema, 429: AdPageRefusalSchema },
      },
    },
    async (req, reply) => {
      const now = clock.now();
      const ad = await liveAd(db, Number(req.params.id), now);
      if (!ad) return reply.code(404).send({ status: 404, message: he.adGone });
      if (await overLimit(limiter, 'ad-phone', await visitorOf(req), req.ip, REVEALS_PER_HOUR))
        return reply.code(429).send({ status: 429, message: he.tooManyReveals });
      const phone = normalisePhone(String(ad.values[CONTACT_FIELDS.phone1] ?? ''));
      const virtual = phone ? await findVirtualPhone(db, ad.customerId, phone) : null;
      const shown = publicPhoneOf(ad.values, now, virtual ? formatPhone(virtual.virtualPhone) : null);
      if (await countedVisitor(req, ad.customerId)) numbers.count(ad.orderId, 'reveals');
      reply.header('cache-control', 'no-store');
      return {
        status: 200 as const,
        phone: shown.phone,
        callsNow: shown.callsNow,
        note: shown.phone ? null : shown.callsNow ? he.noPhone : he.weekendRest,
      };
    },
  );

  routes.post(
    '/api/ads/:id/report',
    {
      schema: {
        summary: 'דיווח על מודעה',
        description: 'דיווח של קונה על מודעה חיה: נכנס לתיק של המודעה בתור הבדיקה של הצוות; מוגבל לכל מבקר ולכל כתובת.',
        params: AdPageParamsSchema,
        body: AdReportRequestSchema,
        response: {
          200: AdReportResponseSchema,
          400: AdPageRefusalSchema,
          404: AdPageRefusalSchema,
          429: AdPageRefusalSchema,
        },
      },
    },
    async (req, reply) => {
      const now = clock.now();
      const { reason } = req.body;
      const text = req.body.text?.trim() || null;
      if (reason === 'other' && !text) return reply.code(400).send({ status: 400, message: he.reportNeedsText });
      const ad = await liveAd(db, Number(req.params.id), now);
      if (!ad) return reply.code(404).send({ status: 404, message: he.adGone });
      const visitor = await visitorOf(req);
      if (await overLimit(limiter, 'ad-report', visitor, req.ip, REPORTS_PER_HOUR))
        return reply.code(429).send({ status: 429, message: he.tooManyReports });
      const { counted } = await db.transaction((tx) => addReport(tx, { adId: ad.orderId, reason, text, visitor }, now));
      // Counted once per visitor and case, as the case counts it.
      if (counted) numbers.count(ad.orderId, 'reports');
      return { status: 200 as const, message: he.reportThanks };
    },
  );

  routes.post(
    '/api/ads/:id/share',
    {
      schema: {
        summary: 'שיתוף של מודעה',
        description:
          'תיבת השיתוף בעמוד המודעה שימשה (שיתוף, העתקת הקישור או וואטסאפ): נספר במספרים של המפרסם; מוגבל לכל מבקר ולכל כתובת.',
        params: AdPageParamsSchema,
        response: { 200: AdShareResponseSchema, 404: AdPageRefusalSchema, 429: AdPageRefusalSchema },
      },
    },
    async (req, reply) => {
      const ad = await liveAd(db, Number(req.params.id), clock.now());
      if (!ad) return reply.code(404).send({ status: 404, message: he.adGone });
      if (await overLimit(limiter, 'ad-share', await visitorOf(req), req.ip, SHARES_PER_HOUR))
        return reply.code(429).send({ status: 429, message: he.tooManyShares });
      if (await countedVisitor(req, ad.customerId)) numbers.count(ad.orderId, 'shares');
      reply.header('cache-control', 'no-store');
      return { status: 200 as const };
    },
  );
}
