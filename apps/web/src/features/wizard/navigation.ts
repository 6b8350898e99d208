/**
 * Step movement rules (publish-wizard.md §4 "Modes and step movement"), as pure functions over the step
 * definitions and the indexes: which step the wizard resumes at, whether a move needs validation, where the
 * primary button leads and what it says, and which step saves the ad. A step that is not shown (an A/B test
 * that is off for the user) is passed over: movement, resuming and the numbers on screen skip it.
 */
import type { StepDef } from '@app/form-engine/model';

/** Which steps are shown, by index; absent = every step is shown. */
export type Shown = readonly boolean[] | undefined;

const isShown = (index: number, shown: Shown): boolean => shown?.[index] !== false;

/** The first shown step after `index` (the step after it when none is shown: the caller caps it). */
export function nextShown(index: number, shown?: Shown): number {
  let next = index + 1;
  while (shown && next < shown.length - 1 && !isShown(next, shown)) next++;
  return next;
}

/** The last shown step before `index`, never below 0 (step 0, the category step, is always there). */
export function previousShown(index: number, shown?: Shown): number {
  let previous = index - 1;
  while (previous > 0 && !isShown(previous, shown)) previous--;
  return Math.max(0, previous);
}

/**
 * A step that is not shown is replaced by the nearest shown one in the direction the user was going:
 * forward when coming from a lower step (or from nowhere), back otherwise.
 */
export function shownStep(target: number, from: number | undefined, shown?: Shown): number {
  if (isShown(target, shown)) return target;
  return from !== undefined && from > target ? previousShown(target, shown) : nextShown(target, shown);
}

/** The number a step shows on screen: its place among the shown steps (step 0 is number 1). */
export function stepNumber(index: number, shown?: Shown): number {
  let number = 0;
  for (let i = 0; i <= index; i++) if (isShown(i, shown)) number++;
  return number;
}

/** The step whose primary button saves the ad: the one before the plan step, or the last step. */
export function saveStepIndex(steps: readonly Pick<StepDef, 'stepGroup'>[]): number {
  const plan = steps.findIndex((step, index) => index > 0 && step.stepGroup === 'choosePlan');
  return plan === -1 ? steps.length - 1 : plan - 1;
}

/** A catalogue without a plan step (household workers, customer info) finishes on its save step. */
export { hasPlanStep } from '@app/form-engine/model';

/** The furthest step the user may open: every step up to the (shown) one after the last valid step. */
export function furthestOpenable(lastValidStep: number, saveStep: number, shown?: Shown): number {
  return Math.min(nextShown(lastValidStep, shown), saveStep);
}

/**
 * Where the wizard starts: the furthest step reached (last valid step + 1), or the step in the URL when it
 * is lower; never below the catalogue's first step (nor step 1: step 0 is the page's sub-category picker),
 * never past the save step (the plan step follows a save only), never a step that is not shown.
 */
export function resumeStep(
  urlStep: number,
  lastValidStep: number,
  firstStep: number,
  saveStep: number,
  shown?: Shown,
): number {
  const furthest = furthestOpenable(lastValidStep, saveStep, shown);
  const target = Math.max(firstStep, 1, Math.min(urlStep, furthest));
  return shownStep(target, undefined, shown);
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
 * shown step (after the current one) that is still incomplete, and never past the furthest openable step.
 */
export function landingStep(
  current: number,
  target: number,
  complete: readonly boolean[],
  lastValidStep: number,
  saveStep: number,
  shown?: Shown,
): number {
  const limit = Math.min(target, Math.max(nextShown(current, shown), furthestOpenable(lastValidStep, saveStep, shown)));
  for (let index = current + 1; index < limit; index++) {
    if (isShown(index, shown) && complete[index] === false) return index;
  }
  return shownStep(limit, current, shown);
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
export function primaryAction(current: number, lastValidStep: number, saveStep: number, shown?: Shown): PrimaryAction {
  if (current > saveStep) return { kind: 'none' };
  if (current === saveStep) return { kind: 'publish' };
  const next = Math.min(nextShown(current, shown), saveStep);
  const furthest = furthestOpenable(lastValidStep, saveStep, shown);
  if (furthest > next) return { kind: 'backToLast', target: furthest };
  return { kind: 'next', target: next };
}

/** Step state on screen: open (current), done (passed and reopenable), or upcoming. */
export type StepState = 'open' | 'done' | 'upcoming';

export function stepState(index: number, current: number, lastValidStep: number): StepState {
  if (index === current) return 'open';
  return index <= lastValidStep ? 'done' : 'upcoming';
}
