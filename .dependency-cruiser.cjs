/**
 * The direction of imports, checked in CI (`npm run check:imports`, dependency-cruiser): the layers of
 * docs/ARCHITECTURE.md kept by a tool instead of by care.
 * - packages are pure: contract ← form-engine ← catalog, and none of them imports an app;
 * - the web app and the server never import each other (they share the packages);
 * - in the server, data access (`*repository.ts`) does not call up into services (`*service.ts`) or routes
 *   (`*routes.ts`), only the app mounts routes, and the platform folder knows no capability;
 * - the server's capabilities import each other in one order only (CAPABILITY_ORDER), and none imports the app;
 * - product code never imports tests, benchmarks or the browser tests;
 * - no import cycles.
 * @type {import('dependency-cruiser').IConfiguration}
 */
/** A capability's modules are named by their layer: `routes.ts` or `<name>-routes.ts`, and so on. */
const layer = (name) => `^apps/server/src/.+[/-]${name}\\.ts$`;
const ROUTES = layer('routes');
const REPOSITORY = layer('repository');

/**
 * The server's capabilities (the folders of apps/server/src but the platform and the texts) from the ground up, as
 * docs/ARCHITECTURE.md ("Dependency order") gives them with the reasons: each may import those before it and none
 * after it, type-only imports included (a type names the other capability's records, so a change of those is a
 * change here too). What a lower capability needs from a higher one is handed to it by the app (app.ts): a function
 * or an interface it declares and the higher one fills, such as the review gate of going live.
 */
const CAPABILITY_ORDER = [
  // Services that know no ad.
  'mail',
  'accounts',
  'contact-us',
  'catalogue',
  'vehicles',
  'payments',
  'phones',
  // The staff's console.
  'operator',
  'analytics',
  'finance',
  // The leads the flows below collect, mailed to their owners and listed in the console.
  'leads',
  // The ad, and what belongs to one.
  'ads',
  'media',
  'video',
  'policy',
  'counts',
  'numbers',
  'assistants',
  // The ad events delivered to other systems as signed webhooks, their subscribers in the console.
  'webhooks',
  // What is sold for an ad, and its review.
  'plans',
  'moderation',
  // What buyers see of the live ads: the boards, and each ad's own page.
  'board',
  'listing',
  // The customer's flows over all of them.
  'finish',
  'publish',
  // Data loaded at start.
  'seed',
];
const SERVER_FOLDERS = '^apps/server/src/';
const KNOWN_FOLDERS = `(?:platform|i18n|${CAPABILITY_ORDER.join('|')})/`;
/** One rule per capability: the capabilities after it are out of its reach. */
const capabilityOrder = CAPABILITY_ORDER.slice(0, -1).map((name, index) => ({
  name: 'capabilities-in-order',
  severity: 'error',
  comment:
    `A capability imports only those before it in the dependency order (docs/ARCHITECTURE.md): ${name} never ` +
    `${CAPABILITY_ORDER.slice(index + 1).join(', ')}, type-only imports included.`,
  from: { path: `${SERVER_FOLDERS}${name}/`, pathNot: '\\.test\\.ts$' },
  to: { path: `${SERVER_FOLDERS}(?:${CAPABILITY_ORDER.slice(index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle ties modules together so that none can be understood, tested or moved alone.',
      from: { path: '^(packages|apps)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      comment: 'The packages are shared by the browser and the server: they know neither.',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'contract-is-the-base',
      severity: 'error',
      comment: 'packages/contract (the API’s types and rules) imports no other package.',
      from: { path: '^packages/contract/' },
      to: { path: '^packages/(form-engine|catalog)/' },
    },
    {
      name: 'form-engine-below-catalog',
      severity: 'error',
      comment: 'The form engine runs any catalogue: it does not import the catalogues.',
      from: { path: '^packages/form-engine/' },
      to: { path: '^packages/catalog/' },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'The web app and the server share only the packages.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/src/' },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      comment:
        'Data access (a capability’s repository) stands on the platform (the database) and other repositories only: ' +
        'it does not call up into services, routes or helpers. It may name the type of a value a service has checked ' +
        '(a type-only import).',
      from: { path: REPOSITORY },
      to: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/(platform|i18n)/', REPOSITORY],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'only-the-app-mounts-routes',
      severity: 'error',
      comment: 'Routes are the edge: the app mounts them, and no service, repository or helper calls one.',
      from: {
        path: '^apps/server/src/',
        pathNot: [ROUTES, '^apps/server/src/(app|main|start)\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: ROUTES },
    },
    {
      name: 'platform-below-capabilities',
      severity: 'error',
      comment:
        'The platform (config, database, HTTP plugins, jobs, lifecycle) is the machinery every capability uses; it ' +
        'knows none of them. The app (app.ts, start.ts) puts them together.',
      from: { path: '^apps/server/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/', pathNot: ['^apps/server/src/(platform|i18n)/'] },
    },
    ...capabilityOrder,
    {
      name: 'capabilities-in-order',
      severity: 'error',
      comment:
        'A server folder that imports a capability, or is imported by one, has its place in the dependency order ' +
        '(CAPABILITY_ORDER): a new capability is placed there first.',
      from: { path: `${SERVER_FOLDERS}(?!${KNOWN_FOLDERS})[^/]+/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER_FOLDERS}(?!platform/|i18n/)[^/]+/` },
    },
    {
      name: 'capabilities-in-order',
      severity: 'error',
      from: { path: `${SERVER_FOLDERS}[^/]+/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER_FOLDERS}(?!${KNOWN_FOLDERS})[^/]+/` },
    },
    {
      name: 'capabilities-below-the-app',
      severity: 'error',
      comment:
        'The app (app.ts, start.ts, main.ts, outside-services.ts, auth-hooks.ts) puts the capabilities together: ' +
        'none of them imports it. A route reaches the auth hooks through the app’s decorators.',
      from: { path: `${SERVER_FOLDERS}[^/]+/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER_FOLDERS}[^/]+\\.ts$` },
    },
    {
      name: 'web-names-contract-schemas-as-types',
      severity: 'error',
      comment:
        'The contract’s zod schemas (packages/contract/src/schemas) are the server’s: the web names their types ' +
        '(`import type`) and never loads zod into the browser’s bundles.',
      from: { path: '^apps/web/' },
      to: { path: '^packages/contract/src/schemas/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-features-through-their-entry',
      severity: 'error',
      comment:
        'A web feature (apps/web/src/features/<name>) is reached from outside only through its public entry ' +
        '(index.ts). A page loaded on demand is imported dynamically by its own module: the code split needs one.',
      from: { path: '^apps/web/src/(?!features/)|^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'web-shared-through-its-entry',
      severity: 'error',
      comment:
        'Shared web code (apps/web/src/shared/<library>) is reached from outside a library through its index.ts; a ' +
        'shared stylesheet (the pages’ layout, the text field, the confirm popup) by its file, and the not-found page, ' +
        'loaded on demand, by its module.',
      from: { path: '^apps/web/src/(?!shared/)|^apps/web/src/shared/([^/]+)/' },
      to: {
        path: '^apps/web/src/shared/[^/]+/',
        pathNot: ['^apps/web/src/shared/$1/', '^apps/web/src/shared/[^/]+/index\\.ts$', '\\.css$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment:
        'Shared web code knows no feature and not the app shell. It may name a feature’s type (the field widgets’ ' +
        'contract names the photo session a media field works on).',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-features-below-the-app',
      severity: 'error',
      comment:
        'The app (apps/web/src/app: the router, the shell, the home page) puts the features together: none imports it.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'product-code-never-imports-tests',
      severity: 'error',
      from: { path: '^(packages|apps)/[^/]+/src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '(^e2e/|^apps/server/(test|bench)/|\\.test\\.tsx?$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
