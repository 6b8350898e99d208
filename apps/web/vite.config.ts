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

export default defineConfig({
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
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
