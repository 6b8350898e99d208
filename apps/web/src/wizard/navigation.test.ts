import type { StepDef } from '@app/form-engine/model';
import { describe, expect, it } from 'vitest';
import {
  furthestOpenable,
  landingStep,
  needsValidation,
  primaryAction,
  resumeStep,
  saveStepIndex,
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
});
