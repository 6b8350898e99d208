/**
 * The import rules of .dependency-cruiser.cjs (`npm run check:imports`, run by `npm test` over the repository)
 * catch what they are there for: each wrong import planted in a small tree laid out as this repository is.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const repo = path.resolve(import.meta.dirname, '..');
const config = require(path.join(repo, '.dependency-cruiser.cjs'));

/** The rules broken when the files of `tree` (path → source) are cruised from its root. */
async function broken(tree: Record<string, string>): Promise<string[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-'));
  roots.push(root);
  for (const [file, source] of Object.entries(tree)) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
  const top = ['packages', 'apps'].filter((dir) => fs.existsSync(path.join(root, dir)));
  const { output } = await cruise(top, {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  });
  return [...new Set((output as ICruiseResult).summary.violations.map((v) => v.rule.name))].sort();
}
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

describe('the import rules', () => {
  it('pass a tree whose imports go the right way', async () => {
    expect(
      await broken({
        'packages/contract/src/ad.ts': 'export const a = 1;\n',
        'packages/form-engine/src/engine.ts': "import { a } from '../../contract/src/ad.ts';\nexport const b = a;\n",
        'packages/catalog/src/cars.ts': "import { b } from '../../form-engine/src/engine.ts';\nexport const c = b;\n",
        'apps/server/src/platform/db/db.ts': 'export const db = 0;\n',
        'apps/server/src/ads/ads-repository.ts':
          "import { c } from '../../../../packages/catalog/src/cars.ts';\nimport { db } from '../platform/db/db.ts';\n" +
          'export const d = c + db;\n',
        'apps/server/src/ads/go-live.ts': "import { d } from './ads-repository.ts';\nexport const g = d;\n",
        'apps/server/src/ads/ads-service.ts': "import { g } from './go-live.ts';\nexport const e = g;\n",
        'apps/server/src/ads/save-routes.ts': "import { e } from './ads-service.ts';\nexport const f = e;\n",
        'apps/server/src/app.ts': "import { f } from './ads/save-routes.ts';\nexport const app = f;\n",
        // A capability imports those before it in the dependency order, types too.
        'apps/server/src/moderation/review-gate.ts':
          "import { g } from '../ads/go-live.ts';\nimport type { M } from '../mail/mailer.ts';\n" +
          'export const gate = (m: M) => [g, m];\n',
        'apps/server/src/mail/mailer.ts': 'export interface M { to: string }\n',
        'apps/web/src/shared/api/http.ts': 'export const get = 1;\n',
        'apps/web/src/shared/api/index.ts': "export { get } from './http.ts';\n",
        'apps/web/src/features/payment/PaymentPopup.tsx':
          "import { get } from '../../shared/api/index.ts';\nexport const pay = get;\n",
        'apps/web/src/features/payment/index.ts': "export { pay } from './PaymentPopup.tsx';\n",
        'apps/web/src/features/plan/PlanStep.tsx': "import { pay } from '../payment/index.ts';\nexport default pay;\n",
        'apps/web/src/app/router.tsx': "export const plan = () => import('../features/plan/PlanStep.tsx');\n",
      }),
    ).toEqual([]);
  });

  it.each([
    ['packages-never-import-apps', { 'packages/catalog/src/x.ts': "import '../../../apps/server/src/y.ts';\n" }],
    ['contract-is-the-base', { 'packages/contract/src/x.ts': "import '../../catalog/src/y.ts';\n" }],
    ['form-engine-below-catalog', { 'packages/form-engine/src/x.ts': "import '../../catalog/src/y.ts';\n" }],
    ['web-and-server-apart', { 'apps/web/src/x.ts': "import '../../server/src/y.ts';\n" }],
    ['server-and-web-apart', { 'apps/server/src/x.ts': "import '../../web/src/y.ts';\n" }],
    ['repositories-below-services', { 'apps/server/src/ads/x-repository.ts': "import './y-service.ts';\n" }],
    ['repositories-below-services', { 'apps/server/src/ads/repository.ts': "import '../plans/plans.ts';\n" }],
    ['only-the-app-mounts-routes', { 'apps/server/src/ads/x-service.ts': "import './routes.ts';\n" }],
    ['only-the-app-mounts-routes', { 'apps/server/src/ads/go-live.ts': "import '../plans/plan-routes.ts';\n" }],
    ['platform-below-capabilities', { 'apps/server/src/platform/http/x.ts': "import '../../accounts/y.ts';\n" }],
    ['capabilities-in-order', { 'apps/server/src/ads/go-live.ts': "import '../moderation/rules.ts';\n" }],
    ['capabilities-in-order', { 'apps/server/src/catalogue/service.ts': "import '../plans/campaigns.ts';\n" }],
    [
      'capabilities-in-order',
      { 'apps/server/src/saved-searches/saved-searches-routes.ts': "import '../ads/ads-repository.ts';\n" },
    ],
    ['capabilities-in-order', { 'apps/server/src/media/routes.ts': "import '../board/board-service.ts';\n" }],
    ['capabilities-below-the-app', { 'apps/server/src/ads/my-ads-routes.ts': "import '../auth-hooks.ts';\n" }],
    ['product-code-never-imports-tests', { 'apps/server/src/x.ts': "import './y.test.ts';\n" }],
    ['web-features-through-their-entry', { 'apps/web/src/features/my-ads/x.ts': "import '../plan/flow.ts';\n" }],
    ['web-features-through-their-entry', { 'apps/web/src/app/x.ts': "import '../features/plan/flow.ts';\n" }],
    ['web-shared-through-its-entry', { 'apps/web/src/features/plan/x.ts': "import '../../shared/api/http.ts';\n" }],
    ['web-shared-below-features', { 'apps/web/src/shared/api/x.ts': "import '../../features/plan/index.ts';\n" }],
    ['web-features-below-the-app', { 'apps/web/src/features/plan/x.ts': "import '../../app/shell/TopBar.tsx';\n" }],
    [
      'web-names-contract-schemas-as-types',
      { 'apps/web/src/shared/api/x.ts': "import '../../../../../packages/contract/src/schemas/finance.ts';\n" },
    ],
    [
      'no-cycles',
      {
        'apps/web/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'apps/web/src/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      },
    ],
  ])('catch a planted import: %s', async (rule, planted) => {
    // The imported file exists, so the rule (not a missing file) is what fails.
    const targets = Object.fromEntries(
      Object.entries(planted).flatMap(([file, source]) => {
        const to = /import (?:\{ \w+ \} from )?'([^']+)'/.exec(source)?.[1];
        return to ? [[path.normalize(path.join(path.dirname(file), to)), 'export const y = 1;\n']] : [];
      }),
    );
    expect(await broken({ ...targets, ...planted })).toContain(rule);
  });

  it('the web names the contract’s schemas as types only', async () => {
    expect(
      await broken({
        'packages/contract/src/schemas/finance.ts': 'export const PaymentSchema = 1;\n',
        'apps/web/src/shared/api/x.ts':
          "import type { PaymentSchema } from '../../../../../packages/contract/src/schemas/finance.ts';\n" +
          'export type Payment = typeof PaymentSchema;\n',
      }),
    ).toEqual([]);
  });

  it('a type-only import up the capabilities’ order is caught too', async () => {
    expect(
      await broken({
        'apps/server/src/plans/plans.ts': 'export interface Plan { days: number }\n',
        'apps/server/src/payments/service.ts':
          "import type { Plan } from '../plans/plans.ts';\nexport const days = (p: Plan) => p.days;\n",
      }),
    ).toEqual(['capabilities-in-order']);
  });

  it('a type-only import of a checked value’s shape is allowed from a repository', async () => {
    expect(
      await broken({
        'apps/server/src/contact-us/form-service.ts': 'export interface Message { text: string }\n',
        'apps/server/src/contact-us/repository.ts':
          "import type { Message } from './form-service.ts';\nexport const keep = (m: Message) => m;\n",
      }),
    ).toEqual([]);
  });
});
