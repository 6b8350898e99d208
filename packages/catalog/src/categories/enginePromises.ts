/**
 * For tests: the promises the engine keeps for any values, checked on one resolution of a catalogue form.
 * The property tests of every category feed random values through this one check.
 */
import { stepBrief } from '@app/form-engine/brief';
import { errorText } from '@app/form-engine/messages';
import { DISPLAY_ONLY_TYPES, type StepDef, type Values } from '@app/form-engine/model';
import { buildPayload, checkStepPayload, type PayloadContext, wireName } from '@app/form-engine/payload';
import type { ResolveContext } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
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
