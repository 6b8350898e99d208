import { describe, expect, it } from 'vitest';
import type { FieldDef } from './model.ts';
import {
  hasEnabledOption,
  isAllowedChoice,
  onlyEnabledOption,
  optionOf,
  type ResolvedOption,
  resolveOptions,
} from './options.ts';

const option = (value: string, disabled = false, text = value): ResolvedOption => ({ value, text, disabled });
const context = { mode: 'publish' as const, isTrader: false, abTests: new Set<string>(), today: '2026-01-01' };

describe('reading a resolved list without copying it', () => {
  it('finds the one option that can be chosen, and none when there are none or several', () => {
    expect(onlyEnabledOption([option('1', true), option('2'), option('3', true)])?.value).toBe('2');
    expect(onlyEnabledOption([option('1'), option('2')])).toBeUndefined();
    expect(onlyEnabledOption([option('1', true)])).toBeUndefined();
    expect(hasEnabledOption([option('1', true)])).toBe(false);
    expect(hasEnabledOption([option('1', true), option('2')])).toBe(true);
  });

  it('finds an option by value, the first of a value, in a kept (indexed) list as in any other', () => {
    const field: FieldDef = {
      id: 'make',
      type: 'select',
      options: [
        { value: '1', text: 'a' },
        { value: '2', text: 'b' },
        { value: '2', text: 'c' },
      ],
    } as FieldDef;
    const kept = resolveOptions(field, () => undefined, {}, context) ?? [];
    expect(Object.isFrozen(kept)).toBe(true);
    // The same list again: the resolver's kept answer, so its index is made once.
    expect(resolveOptions(field, () => undefined, {}, context)).toBe(kept);
    expect(optionOf(kept, '2')?.text).toBe('b');
    expect(optionOf(kept, '3')).toBeUndefined();
    const open = [option('1'), option('2', false, 'b'), option('2', false, 'c')];
    expect(optionOf(open, '2')?.text).toBe('b');
  });

  it('allows a choice only of an enabled option, whichever of a value is disabled', () => {
    expect(isAllowedChoice(['1'], undefined)).toBe(true);
    expect(isAllowedChoice(['1', '2'], [option('1'), option('2')])).toBe(true);
    expect(isAllowedChoice(['3'], [option('1'), option('2')])).toBe(false);
    expect(isAllowedChoice(['2'], [option('1'), option('2', true)])).toBe(false);
    expect(isAllowedChoice(['2'], [option('2', true), option('2')])).toBe(true);
    const kept = Object.freeze([option('1'), option('2')]);
    expect(isAllowedChoice(['2'], kept)).toBe(true);
    expect(isAllowedChoice(['4'], kept)).toBe(false);
  });
});
