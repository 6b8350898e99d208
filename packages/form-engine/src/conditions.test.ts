import { describe, expect, it } from 'vitest';
import { compareField, conditionFields, conditionProblems, evaluate, matchesValues } from './conditions.ts';
import type { Condition, FieldValue } from './model.ts';

const ctx = { mode: 'publish' as const, isTrader: false, abTests: new Set(['t1']) };

describe('special values and plain values (==)', () => {
  it.each<[string, FieldValue, string[], boolean]>([
    ['-1 matches undefined', undefined, ['-1'], true],
    ['-1 matches empty text', '', ['-1'], true],
    ['-1 matches -1', '-1', ['-1'], true],
    ['-1 matches an empty list', [], ['-1'], true],
    ['-1 does not match a value', '5', ['-1'], false],
    ['-2 always matches (no value)', undefined, ['-2'], true],
    ['-2 always matches (a value)', '5', ['-2'], true],
    ['-3 never matches', '5', ['-3', '5'], false],
    ['-3 wins over -2', '5', ['-2', '-3'], false],
    ['-4 matches any chosen value', '7', ['-4'], true],
    ['-4 does not match -1', '-1', ['-4'], false],
    ['-4 does not match an empty list', [], ['-4'], false],
    ['a plain value matches itself', '3', ['1', '3'], true],
    ['plain values compare as numbers', '05', ['5'], true],
    ['non-numbers compare as strings', 'a', ['A'], false],
    ['a list matches when one item does', ['2', '9'], ['9'], true],
    ['a plain value does not match not chosen', undefined, ['3'], false],
  ])('%s', (_name, value, values, expected) => {
    expect(matchesValues(value, values)).toBe(expected);
  });
});

describe('operators', () => {
  it.each<[FieldValue, '==' | '!=' | '>' | '<', string[], boolean]>([
    ['3', '==', ['3'], true],
    ['3', '!=', ['3'], false],
    ['4', '!=', ['3'], true],
    [undefined, '!=', ['3'], true],
    ['3', '!=', ['-1'], true],
    [undefined, '!=', ['-1'], false],
    ['10', '>', ['9'], true],
    ['9', '>', ['9'], false],
    ['abc', '>', ['1'], false],
    [undefined, '>', ['0'], false],
    ['-1', '<', ['5'], false],
    ['2', '<', ['3'], true],
    ['1,000', '>', ['5'], false],
  ])('%o %s %o -> %s', (value, op, values, expected) => {
    expect(compareField(value, op, values)).toBe(expected);
  });
});

describe('evaluate', () => {
  const values: Record<string, FieldValue> = { a: '1', b: '2' };
  const read = (id: string) => values[id];
  const field = (f: string, v: string): Condition => ({ kind: 'field', field: f, values: [v] });

  it.each<[string, Condition, boolean]>([
    ['field', field('a', '1'), true],
    ['group defaults to and', { kind: 'group', conditions: [field('a', '1'), field('b', '9')] }, false],
    ['group and', { kind: 'group', combine: 'and', conditions: [field('a', '1'), field('b', '2')] }, true],
    ['group or', { kind: 'group', combine: 'or', conditions: [field('a', '9'), field('b', '2')] }, true],
    ['group or, none', { kind: 'group', combine: 'or', conditions: [field('a', '9'), field('b', '9')] }, false],
    ['trader', { kind: 'trader', is: false }, true],
    ['trader (not)', { kind: 'trader', is: true }, false],
    ['mode', { kind: 'mode', is: 'edit' }, false],
    ['abTest active', { kind: 'abTest', test: 't1' }, true],
    ['abTest inactive', { kind: 'abTest', test: 't2' }, false],
    ['field with op >', { kind: 'field', field: 'b', op: '>', values: ['1'] }, true],
  ])('%s', (_name, condition, expected) => {
    expect(evaluate(condition, read, ctx)).toBe(expected);
  });

  it('lists the fields a condition reads', () => {
    const c: Condition = {
      kind: 'group',
      conditions: [field('a', '1'), { kind: 'trader', is: true }, field('b', '2')],
    };
    expect(conditionFields(c)).toEqual(['a', 'b']);
  });
});

describe('conditionProblems', () => {
  it.each<[string, unknown, string]>([
    ['unknown operator', { kind: 'field', field: 'a', op: '>=', values: ['1'] }, "unknown operator '>='"],
    ['unknown special value', { kind: 'field', field: 'a', values: ['-5'] }, "unknown special value '-5'"],
    ['special value with >', { kind: 'field', field: 'a', op: '>', values: ['-4'] }, "operator '>' needs a number"],
    ['no values', { kind: 'field', field: 'a', values: [] }, 'no values to compare'],
    ['empty group', { kind: 'group', conditions: [] }, 'empty group'],
    ['unknown combine', { kind: 'group', combine: 'xor', conditions: [] }, "unknown combine 'xor'"],
    ['unknown kind', { kind: 'weather' }, "unknown condition kind 'weather'"],
    [
      'nested',
      { kind: 'group', conditions: [{ kind: 'field', field: 'a', op: '=', values: ['1'] }] },
      "unknown operator '='",
    ],
  ])('%s', (_name, condition, problem) => {
    expect(conditionProblems(condition as Condition).join('; ')).toContain(problem);
  });

  it('accepts well-formed conditions', () => {
    expect(conditionProblems({ kind: 'field', field: 'a', op: '<', values: ['3'] })).toEqual([]);
    expect(conditionProblems({ kind: 'field', field: 'a', values: ['-1', '-2', '-3', '-4', '7'] })).toEqual([]);
  });
});
