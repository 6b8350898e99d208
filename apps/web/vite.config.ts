import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The API (apps/server) listens on 3001 in development; the SPA calls it on the same origin. */
const API = process.env.API_URL ?? 'http://127.0.0.1:3001';
const proxy = {
  '/api': { target: API, changeOrigin: false },
  '/gateway': { target: API, changeOrigin: false },
};

/**
 * heic-to's libheif built without eval (plain JavaScript, no WebAssembly), for our own HEIC worker
 * (src/media/device/heic.worker.ts): heic-to's entry points start a blob: worker, which our CSP refuses, and the
 * package does not export this file, so it is reached by its path next to the package's entry.
 */
export const heicAlias = {
  'heic-to/libheif-csp': path.resolve(
    path.dirname(createRequire(import.meta.url).resolve('heic-to')),
    '../src/lib/libheif-without-unsafe-eval.js',
  ),
};

export default defineConfig({
  resolve: { alias: heicAlias },
  plugins: [
    react(),
    // Every text asset (index.html included) also as .br and .gz, at the highest levels: the server sends
    // them by Accept-Encoding (@fastify/static preCompressed) without compressing anything per request.
    compression({
      include: /\.(html|js|css|svg|json|txt)$/,
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
      logLevel: 'silent',
    }),
  ],
  // The manifest lets the server name the wizard's chunks in the HTML of a wizard page (apps/server/src/plugins/static-web.ts).
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', manifest: true },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
