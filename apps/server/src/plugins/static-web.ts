import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import { opensWizard, wizardPageHtml } from './page-preloads.ts';

/**
 * Serves the built web app, with the SPA's index.html for any other page route. The build writes every text
 * asset also as .br and .gz (apps/web/vite.config.ts): preCompressed sends the best one the browser accepts
 * (Content-Encoding, Vary: Accept-Encoding), so nothing is compressed per request and the global compression
 * (plugins/compression.ts) leaves these answers alone.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
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
  // A page opened on the wizard names its chunks in the head, so they load beside the main bundle (read once here:
  // the build does not change under a running server).
  const wizardHtml = wizardPageHtml(distDir);
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/gateway/');
    if ((req.method === 'GET' || req.method === 'HEAD') && !isApi && !path.extname(req.url.split('?')[0] ?? '')) {
      if (wizardHtml && opensWizard(req.url)) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(wizardHtml);
      }
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, message: he.notFound });
  });
  return true;
}
