/**
 * Conditions (README "Conditions"): evaluation, the field ids a condition reads, and the problems that make
 * a condition invalid (used by catalogCheck when a catalogue loads).
 */
import { type Condition, type FieldValue, type Mode, OPERATORS, type Operator, SPECIAL_VALUES } from './model.ts';
import { chosenItems, isChosen } from './values.ts';

/** What conditions may read besides field values. */
export interface ConditionContext {
  mode: Mode;
  isTrader: boolean;
  abTests: ReadonlySet<string>;
}

/** Reads a field's value as conditions see it (an inactive field reads as undefined). */
export type ValueReader = (fieldId: string) => FieldValue;

const SPECIALS: ReadonlySet<string> = new Set(Object.values(SPECIAL_VALUES));

const asNumber = (text: string): number | undefined => {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

/** Two plain values are equal as numbers when both are numbers ('05' == '5'), else as strings. */
function equalValues(a: string, b: string): boolean {
  const x = asNumber(a);
  const y = asNumber(b);
  return x !== undefined && y !== undefined ? x === y : a === b;
}

/**
 * '==' over a list of candidates: -3 (never) makes it false; otherwise -2 (always) makes it true; otherwise
 * it holds when any candidate matches: -1 = not chosen, -4 = any chosen value, a plain value = one of the
 * field's chosen items equals it.
 */
export function matchesValues(value: FieldValue, candidates: readonly string[]): boolean {
  if (candidates.includes(SPECIAL_VALUES.never)) return false;
  if (candidates.includes(SPECIAL_VALUES.always)) return true;
  const chosen = isChosen(value);
  const items = chosenItems(value);
  return candidates.some((candidate) => {
    if (candidate === SPECIAL_VALUES.notChosen) return !chosen;
    if (candidate === SPECIAL_VALUES.anyChosen) return chosen;
    return items.some((item) => equalValues(item, candidate));
  });
}

/** '>' and '<' compare numbers: a value that is not chosen or not a number never satisfies them. */
function compares(value: FieldValue, op: '>' | '<', candidates: readonly string[]): boolean {
  return chosenItems(value).some((item) => {
    const x = asNumber(item);
    if (x === undefined) return false;
    return candidates.some((candidate) => {
      const y = asNumber(candidate);
      if (y === undefined) return false;
      return op === '>' ? x > y : x < y;
    });
  });
}

export function compareField(value: FieldValue, op: Operator, candidates: readonly string[]): boolean {
  switch (op) {
    case '==':
      return matchesValues(value, candidates);
    case '!=':
      return !matchesValues(value, candidates);
    case '>':
    case '<':
      return compares(value, op, candidates);
  }
}

export function evaluate(condition: Condition, read: ValueReader, context: ConditionContext): boolean {
  switch (condition.kind) {
    case 'field':
      return compareField(read(condition.field), condition.op ?? '==', condition.values);
    case 'group': {
      const results = condition.conditions.map((c) => evaluate(c, read, context));
      return condition.combine === 'or' ? results.some(Boolean) : results.every(Boolean);
    }
    case 'trader':
      return context.isTrader === condition.is;
    case 'mode':
      return context.mode === condition.is;
    case 'abTest':
      return context.abTests.has(condition.test);
  }
}

/** Field ids a condition reads. */
export function conditionFields(condition: Condition): string[] {
  switch (condition.kind) {
    case 'field':
      return [condition.field];
    case 'group':
      return condition.conditions.flatMap(conditionFields);
    default:
      return [];
  }
}

/**
 * Why a condition is malformed (empty when it is fine): unknown kind or operator, a negative value that is
 * not one of -1..-4, a special value with '>'/'<', a non-numeric value with '>'/'<', an empty list or group.
 * Catalogues are TypeScript-checked, but JSON from elsewhere is not: this runs on any input.
 */
export function conditionProblems(condition: Condition): string[] {
  const c = condition as { kind?: unknown };
  switch (condition.kind) {
    case 'field': {
      const op = condition.op ?? '==';
      const problems: string[] = [];
      if (!(OPERATORS as readonly string[]).includes(op)) problems.push(`unknown operator '${String(op)}'`);
      if (!Array.isArray(condition.values) || condition.values.length === 0) problems.push('no values to compare');
      for (const value of condition.values ?? []) {
        if (/^-\d+$/.test(value) && !SPECIALS.has(value)) problems.push(`unknown special value '${value}'`);
        if ((op === '>' || op === '<') && (SPECIALS.has(value) || asNumber(value) === undefined)) {
          problems.push(`operator '${op}' needs a number, not '${value}'`);
        }
      }
      return problems;
    }
    case 'group':
      if (condition.combine !== undefined && condition.combine !== 'and' && condition.combine !== 'or') {
        return [`unknown combine '${String(condition.combine)}'`];
      }
      if (!Array.isArray(condition.conditions) || condition.conditions.length === 0) return ['empty group'];
      return condition.conditions.flatMap(conditionProblems);
    case 'trader':
    case 'mode':
    case 'abTest':
      return [];
    default:
      return [`unknown condition kind '${String(c.kind)}'`];
  }
}
