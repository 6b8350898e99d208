/**
 * The public board (no login, reads only: no CSRF):
 * - GET /api/board/{cat}[/{subcat}]: one page of the board as data (board-view-service.ts), declared with the
 *   contract's schemas (packages/contract/src/schemas/board.ts);
 * - GET /board, /board/{cat}, /board/{cat}/{subcat}: the same as HTML pages made here (board-pages.ts), which work
 *   with scripts off; they are routes of their own, so the web app's page fallback (platform/http/static-web.ts)
 *   never answers them;
 * - GET /board/, /board/{cat}/, /board/{cat}/{subcat}/: a permanent redirect to the address without the slash;
 * - GET /board/style.css: their stylesheet; GET /board/cards.css: its cards' rules alone (a card shown on another page:
 *   the owner's preview of an ad).
 * A request the board cannot answer (unknown filter, bad value, cursor or page size, a search too long, a board
 * address that is not numbers) is a 400 with its Hebrew message; a board there is not, a 404. Nothing is cached
 * between requests, and an answer says so (no-store for the call, no-cache for a page): an ad that stops being live
 * is gone from the next answer.
 */
import { BoardPageResponseSchema, BoardParamsSchema, BoardQuerySchema } from '@app/contract/schemas/board';
import { RefusalSchema } from '@app/contract/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { heBoard as he } from '../i18n/board.ts';
import type { AdNumbersCounter } from '../numbers/ad-numbers-service.ts';
import { isPersonsBrowser } from '../numbers/visitor-hash.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { refusal } from '../platform/http/call-contract.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { BOARD_DIRECTORY } from './board-directory.ts';
import { BoardQueryError } from './board-errors.ts';
import { boardErrorPage, boardIndexPage, boardPage, type PageFrame } from './board-pages.ts';
import {
  BOARD_CARDS_CSS,
  BOARD_CARDS_CSS_VERSION,
  BOARD_CSS,
  BOARD_CSS_VERSION,
  CARDS_STYLE_PATH,
} from './board-style.ts';
import { type BoardQuery, boardPageView } from './board-view-service.ts';

const STYLE_PATH = '/board/style.css';
const STYLE_URL = `${STYLE_PATH}?v=${BOARD_CSS_VERSION}`;
const NUMBER = /^\d{1,4}$/;

/** A page's answer: HTML, never kept by a cache without asking again. */
const PageSchema = z.string();
const pageSchema = { hide: true, response: { 200: PageSchema, 400: PageSchema, 404: PageSchema } };

export function boardRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; origins: PublicOrigins; numbers: AdNumbersCounter },
): void {
  const { db, clock, origins, numbers } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const api = {
    schema: {
      summary: 'עמוד של לוח מודעות: המודעות החיות לפי הסדר, הסינונים וההגדרות שלהם, מספר המודעות והעמוד הבא',
      params: BoardParamsSchema,
      querystring: BoardQuerySchema,
      response: { 200: BoardPageResponseSchema, 400: RefusalSchema, 404: RefusalSchema },
    },
    // A board address that is not numbers, or a query that is not names and texts: 400 in Hebrew.
    config: { invalidInput: (part: string) => refusal(400, part === 'params' ? he.badAddress : he.badQuery) },
  } as const;
  const answer = async (
    params: { cat: string; subcat?: string | undefined },
    query: BoardQuery,
    reply: FastifyReply,
  ) => {
    try {
      const subcat = params.subcat === undefined ? null : Number(params.subcat);
      const page = await boardPageView(db, clock.now(), Number(params.cat), subcat, query);
      return reply.header('cache-control', 'no-store').send(page);
    } catch (err) {
      if (!(err instanceof BoardQueryError)) throw err;
      const status = err.code === 'unknownBoard' ? 404 : 400;
      return reply.code(status).send({ status, message: err.message });
    }
  };
  routes.get('/api/board/:cat', api, async (req, reply) => answer(req.params, req.query, reply));
  routes.get('/api/board/:cat/:subcat', api, async (req, reply) => answer(req.params, req.query, reply));

  const frame = (title: string, description: string, path: string, noindex = false): PageFrame => ({
    title,
    description,
    canonical: origins.siteUrl(path),
    styleUrl: STYLE_URL,
    noindex,
  });
  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  app.get('/board', { schema: pageSchema }, async (_req, reply) =>
    sendPage(reply, 200, boardIndexPage(BOARD_DIRECTORY, frame(he.indexTitle, he.indexDescription, '/board'))),
  );

  const boardHtml = async (
    req: FastifyRequest,
    params: { cat: string; subcat?: string },
    query: BoardQuery,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const path = `/board/${params.cat}${params.subcat === undefined ? '' : `/${params.subcat}`}`;
    const notFound = () =>
      sendPage(
        reply,
        404,
        boardErrorPage(
          he.notFoundTitle,
          he.unknownBoard,
          '/board',
          frame(he.pageTitle(he.notFoundTitle), he.unknownBoard, '/board', true),
        ),
      );
    if (!NUMBER.test(params.cat) || (params.subcat !== undefined && !NUMBER.test(params.subcat))) return notFound();
    const subcat = params.subcat === undefined ? null : Number(params.subcat);
    try {
      const now = clock.now();
      const view = await boardPageView(db, now, Number(params.cat), subcat, query);
      const paged = typeof query.cursor === 'string' && query.cursor !== '';
      const narrowed = Object.entries(query).some(([, v]) => v !== undefined && v !== '');
      // Each ad the page shows appears once in its owner's numbers (in memory; a person's browser only).
      if (isPersonsBrowser(req.headers['user-agent'])) numbers.countBoardAppearances(view.cards.map((c) => c.id));
      return sendPage(
        reply,
        200,
        boardPage(
          view,
          now,
          frame(he.pageTitle(view.board.title), he.boardDescription(view.board.title, view.total), path, narrowed),
          paged,
          typeof query.size === 'string' && query.size !== '' ? query.size : undefined,
        ),
      );
    } catch (err) {
      if (!(err instanceof BoardQueryError)) throw err;
      if (err.code === 'unknownBoard') return notFound();
      return sendPage(
        reply,
        400,
        boardErrorPage(he.errorTitle, err.message, path, frame(he.pageTitle(he.errorTitle), err.message, path, true)),
      );
    }
  };
  app.get<{ Params: { cat: string }; Querystring: BoardQuery }>(
    '/board/:cat',
    { schema: pageSchema },
    async (req, reply) => boardHtml(req, req.params, req.query, reply),
  );
  app.get<{ Params: { cat: string; subcat: string }; Querystring: BoardQuery }>(
    '/board/:cat/:subcat',
    { schema: pageSchema },
    async (req, reply) => boardHtml(req, req.params, req.query, reply),
  );

  // An address with a trailing slash (/board/, /board/1/, /board/1/1/) is the same page: a permanent redirect to the
  // address without it, its query kept, so the web app's page fallback never answers it.
  const withoutSlash = (req: FastifyRequest, reply: FastifyReply) => {
    const [path = '', query] = req.url.split(/\?(.*)/s, 2);
    return reply
      .header('cache-control', 'no-cache')
      .redirect(`${path.replace(/\/+$/, '')}${query === undefined ? '' : `?${query}`}`, 301);
  };
  const redirectSchema = { schema: { hide: true, response: { 301: PageSchema } } };
  app.get('/board/', redirectSchema, withoutSlash);
  app.get('/board/:cat/', redirectSchema, withoutSlash);
  app.get('/board/:cat/:subcat/', redirectSchema, withoutSlash);

  const styleRoute = (path: string, css: string, version: string) =>
    app.get(path, { schema: { hide: true, response: { 200: PageSchema } } }, async (req, reply) => {
      const versioned = (req.query as Record<string, unknown>).v === version;
      return reply
        .type('text/css; charset=utf-8')
        .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
        .send(css);
    });
  styleRoute(STYLE_PATH, BOARD_CSS, BOARD_CSS_VERSION);
  styleRoute(CARDS_STYLE_PATH, BOARD_CARDS_CSS, BOARD_CARDS_CSS_VERSION);
}
