import { optionsRequest, optionsRequestUrl } from '@app/form-engine/dataUrl';
import type { FieldDef, Option, StepDef, Values } from '@app/form-engine/model';
import type { Resolution } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
import { israelToday } from '../../src/publish/ad-validation.ts';
import type { Agent } from './test-app.ts';

/**
 * Resolves a form the way the browser does: lists it has not fetched yet are "loading"; it fetches them from
 * the options endpoint over HTTP (like the browser) and resolves again until nothing is missing.
 */
export async function browserResolve(
  agent: Agent,
  steps: readonly StepDef[],
  values: Values,
  now: Date,
): Promise<Resolution> {
  const cache = new Map<string, Option[]>();
  const context = {
    mode: 'publish' as const,
    isTrader: false,
    abTests: new Set<string>(),
    today: israelToday(now),
    options: (field: FieldDef, vals: Values) => {
      const request = optionsRequest(field, (id) => vals[id]);
      return request ? cache.get(optionsRequestUrl(request)) : undefined;
    },
  };
  for (let round = 0; round < 10; round++) {
    const resolution = resolve(steps, values, context);
    const missing = Object.values(resolution.fields).filter((f) => f.loading);
    if (missing.length === 0) return resolution;
    for (const field of missing) {
      const request = optionsRequest(field.def, (id) => resolution.values[id]);
      if (!request) continue;
      const url = optionsRequestUrl(request);
      const res = await agent.get(url);
      const body = (res.statusCode === 200 ? res.json() : { data: [] }) as { data: Record<string, string>[] };
      cache.set(
        url,
        body.data.map(({ value = '', text = '', ...attrs }) => ({ value, text, attrs })),
      );
    }
  }
  throw new Error('options did not settle');
}
