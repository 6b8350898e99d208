/** Helpers for tests of the engine and of catalogues (no test framework imports: usable anywhere). */
import type { FieldDef, StepDef } from './model.ts';
import type { ResolveContext } from './resolution.ts';

export const TODAY = '2026-03-15';

export function testContext(overrides: Partial<ResolveContext> = {}): ResolveContext {
  return { mode: 'publish', isTrader: false, abTests: new Set(), today: TODAY, ...overrides };
}

/** A checked step holding these fields. */
export function step(fields: FieldDef[], extra: Partial<StepDef> = {}): StepDef {
  return {
    area: 'test_area',
    title: 'בדיקה',
    stepGroup: 'fillDetails',
    check: true,
    showNavButtons: true,
    showBackButton: true,
    fields,
    ...extra,
  };
}
