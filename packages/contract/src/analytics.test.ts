import { describe, expect, it } from 'vitest';
import { finishOutcomeOf } from './analytics.ts';

describe('the finish analytics outcome (after-save-area.md §4)', () => {
  it.each([
    ['outOfSlots', 'outOfSlots'],
    ['pending', 'pendingApproval'],
    ['active', 'uploadSuccess'],
    ['paid', 'uploadSuccess'],
    ['draft', null],
    ['awaitingPayment', null],
    ['blocked', null],
    ['expired', null],
  ])('%s → %s', (state, outcome) => {
    expect(finishOutcomeOf(state)).toBe(outcome);
  });
});
