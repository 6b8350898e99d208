import { describe, expect, it } from 'vitest';
import { keywordOf, moveActive, shouldSuggest } from './autocompleteKeys.ts';

describe('autocomplete rules', () => {
  it('numeric mode keeps digits only', () => {
    expect(keywordOf('12א3-4', true)).toBe('1234');
    expect(keywordOf('תל א', false)).toBe('תל א');
  });

  it('starts at 2 characters unless configured', () => {
    expect(shouldSuggest('ת')).toBe(false);
    expect(shouldSuggest('תל')).toBe(true);
    expect(shouldSuggest('תל', 3)).toBe(false);
    expect(shouldSuggest('  ')).toBe(false);
  });

  it('arrows move and wrap', () => {
    expect(moveActive('ArrowDown', -1, 3)).toBe(0);
    expect(moveActive('ArrowDown', 2, 3)).toBe(0);
    expect(moveActive('ArrowUp', 0, 3)).toBe(2);
    expect(moveActive('ArrowUp', -1, 3)).toBe(2);
    expect(moveActive('End', 0, 3)).toBe(2);
    expect(moveActive('Enter', 0, 3)).toBeUndefined();
    expect(moveActive('ArrowDown', -1, 0)).toBe(-1);
  });
});
