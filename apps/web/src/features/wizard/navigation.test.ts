import type { StepDef } from '@app/form-engine/model';
import { describe, expect, it } from 'vitest';
import {
  furthestOpenable,
  hasPlanStep,
  landingStep,
  needsValidation,
  nextShown,
  previousShown,
  primaryAction,
  resumeStep,
  saveStepIndex,
  shownStep,
  stepNumber,
  stepState,
} from './navigation.ts';

type Step = Pick<StepDef, 'stepGroup' | 'check'>;
/** The vehicles flow: category, car type, properties, sale, media, login, plan. */
const CARS: Step[] = [
  { stepGroup: 'chooseSubcat', check: false },
  { stepGroup: 'fillDetails', check: true },
  { stepGroup: 'fillDetails', check: true },
  { stepGroup: 'fillDetails', check: true },
  { stepGroup: 'uploadImages', check: false },
  { stepGroup: 'fillDetails', check: false },
  { stepGroup: 'choosePlan', check: false },
];

describe('step movement rules', () => {
  it('the ad is saved from the step before the plan, or from the last step when there is no plan', () => {
    expect(saveStepIndex(CARS)).toBe(5);
    expect(saveStepIndex(CARS.slice(0, 6))).toBe(5);
  });

  it('resumes at the last valid step + 1, or the URL step when lower, never before the first step', () => {
    expect(resumeStep(1, 0, 1, 5)).toBe(1);
    expect(resumeStep(3, 2, 1, 5)).toBe(3);
    expect(resumeStep(6, 2, 1, 5)).toBe(3);
    expect(resumeStep(2, 4, 1, 5)).toBe(2);
    expect(resumeStep(0, 4, 1, 5)).toBe(1);
    expect(resumeStep(9, 9, 1, 5)).toBe(5);
    expect(furthestOpenable(2, 5)).toBe(3);
  });

  it('going back, leaving an unchecked step or going nowhere needs no validation', () => {
    expect(needsValidation(3, 1, CARS)).toBe(false);
    expect(needsValidation(4, 5, CARS)).toBe(false);
    expect(needsValidation(2, -1, CARS)).toBe(false);
    expect(needsValidation(2, 2, CARS)).toBe(false);
    expect(needsValidation(1, 2, CARS)).toBe(true);
    expect(needsValidation(1, 4, CARS)).toBe(true);
  });

  it('a forward move lands on the first incomplete step on the way, and never past the furthest step', () => {
    const complete = [true, true, true, true, true, true, true];
    expect(landingStep(1, 2, complete, 1, 5)).toBe(2);
    expect(landingStep(1, 4, complete, 3, 5)).toBe(4);
    expect(landingStep(1, 4, complete, 1, 5)).toBe(2);
    expect(landingStep(1, 4, [true, true, true, false, true, true, true], 3, 5)).toBe(3);
  });

  it('the primary button: next, back to the last step after returning, publish on the save step', () => {
    expect(primaryAction(1, 0, 5)).toEqual({ kind: 'next', target: 2 });
    expect(primaryAction(1, 3, 5)).toEqual({ kind: 'backToLast', target: 4 });
    expect(primaryAction(3, 3, 5)).toEqual({ kind: 'next', target: 4 });
    expect(primaryAction(5, 4, 5)).toEqual({ kind: 'publish' });
    expect(primaryAction(2, 4, 5)).toEqual({ kind: 'backToLast', target: 5 });
    expect(primaryAction(6, 5, 5)).toEqual({ kind: 'none' });
  });

  it('steps are open, done (passed) or upcoming', () => {
    expect([0, 1, 2, 3, 4].map((i) => stepState(i, 2, 2))).toEqual(['done', 'done', 'open', 'upcoming', 'upcoming']);
  });

  it('a catalogue without a plan step saves from its last step', () => {
    expect(hasPlanStep(CARS)).toBe(true);
    expect(hasPlanStep(CARS.slice(0, 6))).toBe(false);
  });
});

/** Second-hand: category, free search (A/B test, off here), product, media, login, plan. */
const SEARCH_OFF = [true, false, true, true, true, true];

describe('a step that is not shown (A/B test off) is passed over', () => {
  it('next and previous skip it; a hidden target becomes the nearest shown step in the direction of travel', () => {
    expect(nextShown(0, SEARCH_OFF)).toBe(2);
    expect(nextShown(2, SEARCH_OFF)).toBe(3);
    expect(previousShown(2, SEARCH_OFF)).toBe(0);
    expect(previousShown(3, SEARCH_OFF)).toBe(2);
    expect(shownStep(1, 0, SEARCH_OFF)).toBe(2);
    expect(shownStep(1, 2, SEARCH_OFF)).toBe(0);
    expect(shownStep(1, undefined, SEARCH_OFF)).toBe(2);
    expect(shownStep(3, 2, SEARCH_OFF)).toBe(3);
  });

  it('the wizard resumes on the first shown step, and moves from it to the next shown one', () => {
    expect(resumeStep(1, 0, 0, 4, SEARCH_OFF)).toBe(2);
    expect(resumeStep(0, 0, 0, 4, SEARCH_OFF)).toBe(2);
    expect(resumeStep(4, 2, 0, 4, SEARCH_OFF)).toBe(3);
    expect(furthestOpenable(0, 4, SEARCH_OFF)).toBe(2);
    expect(primaryAction(2, 0, 4, SEARCH_OFF)).toEqual({ kind: 'next', target: 3 });
    expect(landingStep(2, 3, [true, true, true, true, true, true], 2, 4, SEARCH_OFF)).toBe(3);
  });

  it('with the test on, the search step is step 1 like any other', () => {
    const on = [true, true, true, true, true, true];
    expect(resumeStep(1, 0, 0, 4, on)).toBe(1);
    expect(primaryAction(1, 0, 4, on)).toEqual({ kind: 'next', target: 2 });
  });

  it('numbers on screen count the shown steps only', () => {
    expect([0, 2, 3, 4].map((i) => stepNumber(i, SEARCH_OFF))).toEqual([1, 2, 3, 4]);
    expect(stepNumber(3)).toBe(4);
  });
});
