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
 * (src/features/media/device/heic.worker.ts): heic-to's entry points start a blob: worker, which our CSP refuses, and the
 * package does not export this file, so it is reached by its path next to the package's entry.
 */
export const heicAlias = {
  'heic-to/libheif-csp': path.resolve(
    path.dirname(createRequire(import.meta.url).resolve('heic-to')),
    '../src/lib/libheif-without-unsafe-eval.js',
  ),
};

/** A module id with forward slashes, for the path tests below. */
const unix = (id: string) => id.replaceAll('\\', '/');

/**
 * The modules of small pieces that most lazily loaded pages share: popups, the login form, the text field, the steps'
 * head and styles (the publish page's step area and the edit page), texts and formats, analytics, order and payment
 * helpers, the links and boxes that open the information and offer popups. Split automatically they were 15 files of 1-4 KB, and a page opened
 * on a wizard step waited for 16 scripts and 7 style sheets in turn (six connections, one round trip each on a slow
 * network); as one chunk they are about 16 KB, loaded once by every page that needs any of them.
 */
const KIT =
  /apps\/web\/src\/(shared\/(popups\/(Popup|focusTrap|popupSize|popup\.css|confirmPopup|ConfirmPopup|FormParts|useFormPopup)|ui\/(TextField|LinkList|SelectField)|api\/(orders|outbox|idempotency)|i18n\/he(Contact|Offers|Packages|Payment|Plan|Price)\b|format\/|analytics\/analytics|routing\/safeUrl)|features\/(offers\/(OfferLinks|offers\.ts|offerLinks\.css)|login\/(LoginForm|loginFormMachine|loginPopupMachine|submitLoginForm|loginForm\.css)|wizard\/(StepHead|steps\.css)|plan\/(flow|PlanPopups)|payment\/(paymentFinished|PaymentFramePopup|paymentMessages|payment\.css|refund\/)))|packages\/(contract\/src\/(analytics|orders)|catalog\/src\/(trader|pickers))/;

/**
 * The wizard's engine: form-engine, the wizard's hooks and field logic, phone numbers. Needed by the publishing and
 * edit wizards, the plan step and the photo and video fields, never by the other pages.
 */
const ENGINE =
  /packages\/form-engine\/|libphonenumber-js|packages\/contract\/src\/(phones|phoneMetadata|media)\b|packages\/catalog\/src\/categories\/contact\b|apps\/web\/src\/shared\/analytics\/wizardAnalytics\b|apps\/web\/src\/features\/wizard\/(vehicles\/|(?!PublishWizard|EditWizard|EditPage|index)[^/]+$)/;

/**
 * The photo and video fields (not their lazy wrappers, which the wizard's field registry imports): one chunk instead
 * of two scripts and two style sheets, asked for together when a page opens on the media step.
 */
const MEDIA =
  /apps\/web\/src\/features\/media\/(MediaField|VideoField|PhotoGrid|session|useMediaSession|media\.css|video\.css)\b/;

/**
 * Chunk groups (rolldown codeSplitting): the first screen's code as one file ('$initial': it was the entry plus
 * React's and the HTTP helper's chunks), then the kit, the engine and the media fields. What each page loads is printed by
 * `npm run bench:bundle`; why, and Lighthouse's figures, in docs/QUALITY.md ("Bundle budgets", "Performance").
 */
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  { name: 'kit', test: (id: string) => KIT.test(unix(id)), priority: 2 },
  { name: 'engine', test: (id: string) => ENGINE.test(unix(id)), priority: 1 },
  { name: 'media', test: (id: string) => MEDIA.test(unix(id)), priority: 0 },
];

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
  // The manifest lets the server name the wizard's chunks in the HTML of a wizard page (apps/server/src/platform/http/static-web.ts).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
