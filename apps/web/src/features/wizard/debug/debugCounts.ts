/** The debug panel's counts (spec §6: "field and dependency counts"), from the steps and the engine's resolution. */
import { valueRefs } from '@app/form-engine/dependencies';
import type { StepDef } from '@app/form-engine/model';
import type { Resolution } from '@app/form-engine/resolution';

export interface DebugCounts {
  /** Fields in the category's steps. */
  fields: number;
  /** Fields shown now (active). */
  visible: number;
  /** Fields of the open step, and how many of them are shown. */
  stepFields: number;
  stepVisible: number;
  /** Fields that read another field (visibility, options, value), and the references in all. */
  dependentFields: number;
  dependencies: number;
}

export function debugCounts(steps: readonly StepDef[], resolution: Resolution, current: number): DebugCounts {
  const defs = steps.flatMap((step) => step.fields);
  const refs = defs.map((def) => valueRefs(def).length);
  const step = resolution.steps[current];
  return {
    fields: defs.length,
    visible: Object.values(resolution.fields).filter((field) => field.visible).length,
    stepFields: step?.fields.length ?? 0,
    stepVisible: step?.fields.filter((field) => field.visible).length ?? 0,
    dependentFields: refs.filter((count) => count > 0).length,
    dependencies: refs.reduce((sum, count) => sum + count, 0),
  };
}
