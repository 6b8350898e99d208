/**
 * The direction of imports, checked in CI (`npm run check:imports`, dependency-cruiser): the layers of
 * docs/ARCHITECTURE.md kept by a tool instead of by care.
 * - packages are pure: contract ← form-engine ← catalog, and none of them imports an app;
 * - the web app and the server never import each other (they share the packages);
 * - in the server, data access does not call up into services or routes, services do not call routes;
 * - product code never imports tests, benchmarks or the browser tests;
 * - no import cycles.
 * @type {import('dependency-cruiser').IConfiguration}
 */
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
        'Data access (repositories) does not call up into services or routes; it may name the type of a value a ' +
        'service has checked (a type-only import).',
      from: {
        path: [
          '^apps/server/src/repositories/',
          '^apps/server/src/[a-z-]+/repository\\.ts$',
          '^apps/server/src/[a-z-]+/[a-z-]+-repository\\.ts$',
        ],
      },
      to: { path: '^apps/server/src/(routes|services)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-below-routes',
      severity: 'error',
      comment: 'A service does not call a route module: routes are the edge.',
      from: { path: '^apps/server/src/services/' },
      to: { path: '^apps/server/src/routes/' },
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
