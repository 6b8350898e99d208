import { FUNNEL_ID_PATTERN } from '@app/contract/analytics';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const tracked: { name: string; props: Record<string, unknown> }[] = [];
vi.mock('./analytics.ts', () => ({
  track: (name: string, props: Record<string, unknown>) => tracked.push({ name, props }),
}));
const { endRun, runId, trackFieldErrors, trackStepPassed } = await import('./wizardAnalytics.ts');

describe('wizard analytics', () => {
  beforeEach(() => {
    tracked.length = 0;
  });

  it('keeps one run per category selection until it ends, in the server’s run-id shape', () => {
    const cars = { cat: '1', subcat: '1' };
    const first = runId(cars);
    expect(first).toMatch(FUNNEL_ID_PATTERN);
    expect(runId({ cat: '1', subcat: '1', istrader: '1' })).toBe(first); // istrader chooses no other wizard
    expect(runId({ cat: '1', subcat: '2' })).not.toBe(first);
    endRun(cars);
    expect(runId(cars)).not.toBe(first);
  });

  it('sends the first message of each failing field, at most ten, with ids and numbers only', () => {
    const selectors = { cat: '5', petType: '1' };
    const errors = [
      { field: 'breed', message: 'שדה חובה' },
      { field: 'breed', message: 'יש לבחור גזע מתוך הרשימה' },
      ...Array.from({ length: 12 }, (_, i) => ({ field: `f${i}`, message: 'שדה חובה' })),
    ];
    trackFieldErrors(selectors, 1, 'personal_publish_pet_properties', errors, 'client');
    expect(tracked).toHaveLength(10);
    expect(tracked[0]).toEqual({
      name: 'wizard_field_error',
      props: {
        fid: runId(selectors),
        cat: 5,
        step: 1,
        area: 'personal_publish_pet_properties',
        field: 'breed',
        message: 'שדה חובה',
        source: 'client',
      },
    });
    expect(tracked.filter((e) => e.props.field === 'breed')).toHaveLength(1);
  });

  it('a passed step carries the run, the category, the sub-category and the step', () => {
    trackStepPassed({ cat: '1', subcat: '3' }, 2, 'personal_publish_car_properties');
    expect(tracked[0]?.props).toMatchObject({ cat: 1, subcat: 3, step: 2, area: 'personal_publish_car_properties' });
  });
});
