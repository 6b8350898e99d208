/**
 * Step movement rules (publish-wizard.md §4 "Modes and step movement"), as pure functions over the step
 * definitions and the indexes: which step the wizard resumes at, whether a move needs validation, where the
 * primary button leads and what it says, and which step saves the ad.
 */
import type { StepDef } from '@app/form-engine/model';

/** The step whose primary button saves the ad: the one before the plan step, or the last step. */
export function saveStepIndex(steps: readonly Pick<StepDef, 'stepGroup'>[]): number {
  const plan = steps.findIndex((step, index) => index > 0 && step.stepGroup === 'choosePlan');
  return plan === -1 ? steps.length - 1 : plan - 1;
}

/**
 * Where the wizard starts: the furthest step reached (last valid step + 1), or the step in the URL when it
 * is lower; never below the first step, never past the save step (the plan step follows a save only).
 */
export function resumeStep(urlStep: number, lastValidStep: number, firstStep: number, saveStep: number): number {
  const furthest = Math.min(lastValidStep + 1, saveStep);
  return Math.max(firstStep, Math.min(urlStep, furthest));
}

/** The furthest step the user may open: every step up to the one after the last valid step. */
export function furthestOpenable(lastValidStep: number, saveStep: number): number {
  return Math.min(lastValidStep + 1, saveStep);
}

/**
 * A move needs validation unless it goes back, or the step being left is not checked (check false), or
 * it goes nowhere (-1).
 */
export function needsValidation(current: number, target: number, steps: readonly Pick<StepDef, 'check'>[]): boolean {
  if (target < 0 || target <= current) return false;
  return steps[current]?.check === true;
}

/**
 * The step a forward move lands on once the current step is valid: the target, but never past the first
 * step (after the current one) that is still incomplete, and never past the furthest openable step.
 */
export function landingStep(
  current: number,
  target: number,
  complete: readonly boolean[],
  lastValidStep: number,
  saveStep: number,
): number {
  const limit = Math.min(target, Math.max(current + 1, furthestOpenable(lastValidStep, saveStep)));
  for (let index = current + 1; index < limit; index++) {
    if (complete[index] === false) return index;
  }
  return limit;
}

export type PrimaryAction =
  /** After the save step (the plan step): nothing to do yet. */
  | { kind: 'none' }
  /** Save the ad ('פרסום המודעה'). */
  | { kind: 'publish' }
  /** The user came back to an earlier step: return to the furthest step (its number on screen). */
  | { kind: 'backToLast'; target: number }
  | { kind: 'next'; target: number };

/** What the primary button of the current step does. */
export function primaryAction(current: number, lastValidStep: number, saveStep: number): PrimaryAction {
  if (current > saveStep) return { kind: 'none' };
  if (current === saveStep) return { kind: 'publish' };
  const furthest = furthestOpenable(lastValidStep, saveStep);
  if (furthest > current + 1) return { kind: 'backToLast', target: furthest };
  return { kind: 'next', target: current + 1 };
}

/** Step state on screen: open (current), done (passed and reopenable), or upcoming. */
export type StepState = 'open' | 'done' | 'upcoming';

export function stepState(index: number, current: number, lastValidStep: number): StepState {
  if (index === current) return 'open';
  return index <= lastValidStep ? 'done' : 'upcoming';
}
