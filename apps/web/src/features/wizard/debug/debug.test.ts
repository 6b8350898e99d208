import { resolve } from '@app/form-engine/resolve';
import { step, testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { debugCounts } from './debugCounts.ts';
import {
  DEFAULT_DEBUG,
  debugCookie,
  parseDebugSettings,
  readDebugSettings,
  serializeDebugSettings,
} from './debugSettings.ts';

describe('debug settings (cookie)', () => {
  it('defaults: ids off, the leave-page warning on, no logging', () => {
    expect(parseDebugSettings(undefined)).toEqual(DEFAULT_DEBUG);
    expect(parseDebugSettings('ids=x&leave=2')).toEqual(DEFAULT_DEBUG);
  });
  it('round-trips through the cookie, kept for 43,200 minutes', () => {
    const settings = { fieldIds: true, leaveWarning: false, logValues: true };
    expect(parseDebugSettings(serializeDebugSettings(settings))).toEqual(settings);
    const cookie = debugCookie(settings);
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('path=/');
    const [pair] = cookie.split(';');
    expect(readDebugSettings(`csrf=abc; ${pair}; other=1`)).toEqual(settings);
  });
});

describe('debugCounts', () => {
  it('counts fields, shown fields and the references between them', () => {
    const steps = [
      step([{ id: 'kind', type: 'select', options: [{ value: '1', text: 'א' }] }]),
      step([
        { id: 'a', type: 'text' },
        { id: 'b', type: 'text', showcond: { kind: 'field', field: 'kind', values: ['2'] } },
        { id: 'c', type: 'select', dependence: ['kind', 'a'], options: [] },
      ]),
    ];
    const resolution = resolve(steps, { kind: '1' }, testContext());
    expect(debugCounts(steps, resolution, 1)).toEqual({
      fields: 4,
      visible: 3, // b shows only for kind 2
      stepFields: 3,
      stepVisible: 2,
      dependentFields: 2,
      dependencies: 3,
    });
  });
});
