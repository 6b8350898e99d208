import { describe, expect, it } from 'vitest';
import { capabilityOf, capabilityTies, formatTies, importsBetween } from './capability-ties.mjs';

const dep = (resolved: string, type = 'local') => ({ resolved, dependencyTypes: ['local', type] });
const MODULES = [
  {
    source: 'apps/server/src/ads/go-live-service.ts',
    dependencies: [
      dep('apps/server/src/moderation/rules.ts'),
      dep('apps/server/src/moderation/reviews-repository.ts'),
      dep('apps/server/src/platform/db/db.ts', 'type-only'),
      dep('apps/server/src/ads/ads-repository.ts'),
    ],
  },
  {
    source: 'apps/server/src/moderation/decide.ts',
    dependencies: [
      dep('apps/server/src/ads/go-live-service.ts'),
      dep('apps/server/src/ads/ads-repository.ts', 'type-only'),
      dep('apps/server/src/i18n/moderation.ts'),
    ],
  },
  { source: 'apps/server/src/plans/plans.ts', dependencies: [dep('apps/server/src/catalogue/selectors.ts')] },
  {
    source: 'apps/server/src/catalogue/service.ts',
    dependencies: [dep('apps/server/src/plans/plans.ts', 'type-only')],
  },
  // One way only: not a tie.
  { source: 'apps/server/src/media/routes.ts', dependencies: [dep('apps/server/src/ads/ads-repository.ts')] },
  // Tests and the app's own files reach anywhere.
  { source: 'apps/server/src/ads/x.test.ts', dependencies: [dep('apps/server/src/media/routes.ts')] },
  { source: 'apps/server/src/app.ts', dependencies: [dep('apps/server/src/ads/go-live-service.ts')] },
  { source: 'apps/server/src/platform/http/csrf.ts', dependencies: [dep('apps/server/src/ads/go-live-service.ts')] },
];

describe('the capability ties', () => {
  it('names a capability by its top-level server folder, never the platform, the texts or the app', () => {
    expect(capabilityOf('apps/server/src/payments/sandbox/host.ts')).toBe('payments');
    expect(capabilityOf('apps/server/src/platform/db/db.ts')).toBeNull();
    expect(capabilityOf('apps/server/src/i18n/messages.ts')).toBeNull();
    expect(capabilityOf('apps/server/src/app.ts')).toBeNull();
    expect(capabilityOf('packages/contract/src/publish.ts')).toBeNull();
  });

  it('counts the imports between capabilities, the type-only ones apart', () => {
    expect(importsBetween(MODULES)).toEqual([
      { from: 'ads', to: 'moderation', runtime: 2, typeOnly: 0 },
      { from: 'catalogue', to: 'plans', runtime: 0, typeOnly: 1 },
      { from: 'media', to: 'ads', runtime: 1, typeOnly: 0 },
      { from: 'moderation', to: 'ads', runtime: 1, typeOnly: 1 },
      { from: 'plans', to: 'catalogue', runtime: 1, typeOnly: 0 },
    ]);
  });

  it('lists each pair that imports both ways once, a type-only direction included', () => {
    const ties = capabilityTies(MODULES);
    expect(ties.map((t) => t.pair)).toEqual([
      ['ads', 'moderation'],
      ['catalogue', 'plans'],
    ]);
    expect(formatTies(ties).split('\n')).toEqual([
      'ads ⇄ moderation    ads → moderation: 2 imports; moderation → ads: 1 import, 1 type-only',
      'catalogue ⇄ plans    catalogue → plans: 0 imports, 1 type-only; plans → catalogue: 1 import',
      '2 pairs of server capabilities import each other.',
    ]);
  });

  it('says so when no two capabilities import each other', () => {
    expect(formatTies(capabilityTies(MODULES.slice(4)))).toBe('No two server capabilities import each other.');
  });
});
