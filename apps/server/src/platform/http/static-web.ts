import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { he } from '../../i18n/messages.ts';
import { pageHtmlMaker } from './page-preloads.ts';

/**
 * Serves the built web app, with the SPA's index.html for any other page route. The build writes every text
 * asset also as .br and .gz (apps/web/vite.config.ts): preCompressed sends the best one the browser accepts
 * (Content-Encoding, Vary: Accept-Encoding), so nothing is compressed per request and the global compression
 * (platform/http/compression.ts) leaves these answers alone.
 */
/**
 * A page's HTML, no-cache as index.html, compressed here: the global compression applies to routes, and pages are
 * answered by the not-found handler. Brotli at a fast quality (a page is about 2 KB), else gzip.
 */
function sendPage(acceptEncoding: string | string[] | undefined, reply: FastifyReply, html: string) {
  const accepted = String(acceptEncoding ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}

/** The operator console's addresses (apps/web/src/features/operator/sections.ts). */
const CONSOLE_PAGES = /^\/operator(\/|$)/;

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  mediaStepOf?: (query: URLSearchParams) => number | undefined,
  gatewayBase?: string,
): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Each page names in its head what it asks for first (platform/http/page-preloads.ts).
  const pageHtml = pageHtmlMaker(distDir, mediaStepOf, gatewayBase);
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/gateway/');
    const pathname = req.url.split('?')[0] ?? '';
    // A path with an extension is a file (404 when there is none), but under /operator: every address there is the
    // console's, which says itself that a section does not exist.
    const isPage = !path.extname(pathname) || CONSOLE_PAGES.test(pathname);
    if ((req.method === 'GET' || req.method === 'HEAD') && !isApi && isPage) {
      if (pageHtml)
        return sendPage(
          req.headers['accept-encoding'],
          reply,
          pageHtml(req.url, req.headers['user-agent'] ?? '', req.headers.cookie ?? ''),
        );
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, message: he.notFound });
  });
  return true;
}
