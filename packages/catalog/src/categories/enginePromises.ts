/**
 * For tests: the promises the engine keeps for any values, checked on one resolution of a catalogue form.
 * The property tests of every category feed random values through this one check.
 */
import { stepBrief } from '@app/form-engine/brief';
import { errorText } from '@app/form-engine/messages';
import { DISPLAY_ONLY_TYPES, type FieldDef, type Option, type StepDef, type Values } from '@app/form-engine/model';
import type { OptionsSource } from '@app/form-engine/options';
import { buildPayload, checkStepPayload, type PayloadContext, wireName } from '@app/form-engine/payload';
import type { ResolveContext } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * Errors only on active, enabled fields and always in Hebrew; a step is complete exactly when it has no
 * errors and unchecked steps have none; briefs are text; the payload holds active fields only and every
 * step's check payload names its area; settled values are a fixed point. Returns the payload for extra checks.
 */
export function expectEnginePromises(
  steps: readonly StepDef[],
  values: Values,
  context: ResolveContext,
  payloadContext: PayloadContext,
): Record<string, string | string[]> {
  const result = resolve(steps, values, context);
  for (const error of result.errors) {
    const field = result.fields[error.field];
    expect(field?.visible && field.enabled).toBe(true);
    expect(errorText(error)).toMatch(/[\u0590-\u05FF]/);
  }
  for (const step of result.steps) {
    expect(step.complete).toBe(step.errors.length === 0);
    if (!step.def.check) expect(step.errors).toEqual([]);
    expect(typeof stepBrief(step, result)).toBe('string');
  }
  const payload = buildPayload(result, payloadContext);
  const allowed = new Set(
    Object.values(result.fields)
      .filter((f) => f.visible && !DISPLAY_ONLY_TYPES.has(f.def.type))
      .map((f) => wireName(f.def).key),
  );
  for (const key of Object.keys(payload)) expect(allowed.has(key)).toBe(true);
  steps.forEach((_step, index) => {
    expect(checkStepPayload(result, index, payloadContext).check_area).toBe(steps[index]?.area);
  });
  const again = resolve(steps, result.values, { ...context, changed: undefined });
  expect(again.values).toEqual(result.values);
  return payload;
}

/**
 * Random resolver contexts: either mode, trader or not, some of the given A/B tests, odd "today"s, a changed
 * field (or one that does not exist), and an options source that is the category's test lists, nothing, not
 * a list at all, or a random list built from `listValues`.
 */
export function contextArb(
  fieldIds: string[],
  categoryOptions: OptionsSource,
  listValues: string[],
  abTests: string[] = [],
): fc.Arbitrary<ResolveContext> {
  const randomList = fc.array(fc.record({ value: fc.constantFrom(...listValues, '-1', ''), text: fc.string() }), {
    maxLength: 4,
  });
  return fc.record({
    mode: fc.constantFrom('publish' as const, 'edit' as const),
    isTrader: fc.boolean(),
    abTests: fc.subarray([...abTests, 'x']).map((tests) => new Set(tests)),
    today: fc.constantFrom('2026-03-15', '2000-01-01', '2099-12-31'),
    changed: fc.option(fc.constantFrom(...fieldIds, 'not-a-field'), { nil: undefined }),
    options: fc.oneof(
      fc.constant(categoryOptions),
      fc.constant(() => undefined),
      fc.constant(() => ({}) as unknown as Option[]),
      randomList.map(
        (list): ((field: FieldDef) => Option[]) =>
          () =>
            list,
      ),
    ),
  });
}
