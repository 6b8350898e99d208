/**
 * The dependency-result rule (publish-wizard.md §3 "Dependency result rule: formula, localKey, factors"): a
 * field whose number is worked out from other fields (a price per m², a total for all units). The formula is a
 * small arithmetic language of its own, parsed here, never run as code (no eval, no Function):
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := '-' unary | primary
 *   primary := number | key | '(' expr ')'
 *
 * A number is digits with an optional decimal part; a key is a factor's `key` ([A-Za-z_][A-Za-z0-9_]*). A
 * formula is parsed once per definition object and kept (a WeakMap), like the resolver's other per-definition work.
 */

import { parseNumber } from './format.ts';
import type { DependencyResult, FieldDef } from './model.ts';
import { chosenItems, isChosen } from './values.ts';

/** The longest formula accepted (a catalogue's formula is a line, not a program). */
export const FORMULA_MAX_LENGTH = 200;

export type Expr =
  | { kind: 'num'; value: number }
  | { kind: 'key'; key: string }
  | { kind: 'neg'; of: Expr }
  | { kind: 'op'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr };

export type FormulaParse = { ok: true; expr: Expr; keys: string[] } | { ok: false; error: string };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|([-+*/()]))/y;

/** Parses a formula, or says where it is not one. */
export function parseFormula(formula: string): FormulaParse {
  if (formula.length > FORMULA_MAX_LENGTH) return { ok: false, error: `longer than ${FORMULA_MAX_LENGTH} characters` };
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < formula.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(formula);
    if (!match) {
      if (formula.slice(at).trim() === '') break;
      return { ok: false, error: `unexpected '${formula.slice(at).trim()[0]}' at ${at}` };
    }
    tokens.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  let pos = 0;
  const keys = new Set<string>();
  const peek = () => tokens[pos];
  const fail = (what: string): never => {
    throw new SyntaxError(what);
  };
  const expr = (): Expr => {
    let left = term();
    while (peek() === '+' || peek() === '-') {
      const op = tokens[pos++] as '+' | '-';
      left = { kind: 'op', op, left, right: term() };
    }
    return left;
  };
  const term = (): Expr => {
    let left = unary();
    while (peek() === '*' || peek() === '/') {
      const op = tokens[pos++] as '*' | '/';
      left = { kind: 'op', op, left, right: unary() };
    }
    return left;
  };
  const unary = (): Expr => {
    if (peek() === '-') {
      pos++;
      return { kind: 'neg', of: unary() };
    }
    return primary();
  };
  const primary = (): Expr => {
    const token = tokens[pos++];
    if (token === undefined) return fail('ends too early');
    if (token === '(') {
      const inner = expr();
      if (tokens[pos++] !== ')') fail("missing ')'");
      return inner;
    }
    if (/^\d/.test(token)) return { kind: 'num', value: Number(token) };
    if (/^[A-Za-z_]/.test(token)) {
      keys.add(token);
      return { kind: 'key', key: token };
    }
    return fail(`unexpected '${token}'`);
  };
  try {
    if (tokens.length === 0) return { ok: false, error: 'empty' };
    const parsed = expr();
    if (pos < tokens.length) return { ok: false, error: `unexpected '${tokens[pos]}'` };
    return { ok: true, expr: parsed, keys: [...keys] };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** The formula's value for these factor numbers; undefined when a key has none or it divides by zero. */
export function evaluateFormula(expr: Expr, factors: ReadonlyMap<string, number>): number | undefined {
  switch (expr.kind) {
    case 'num':
      return expr.value;
    case 'key':
      return factors.get(expr.key);
    case 'neg': {
      const of = evaluateFormula(expr.of, factors);
      return of === undefined ? undefined : -of;
    }
    case 'op': {
      const left = evaluateFormula(expr.left, factors);
      const right = evaluateFormula(expr.right, factors);
      if (left === undefined || right === undefined) return undefined;
      if (expr.op === '+') return left + right;
      if (expr.op === '-') return left - right;
      if (expr.op === '*') return left * right;
      return right === 0 ? undefined : left / right;
    }
  }
}

/** Problems of a rule: a formula that does not parse, keys without a factor, factors used twice or never. */
export function dependencyResultProblems(rule: DependencyResult): string[] {
  const problems: string[] = [];
  const parsed = parseFormula(rule.formula);
  if (!parsed.ok) problems.push(`formula '${rule.formula}' does not parse: ${parsed.error}`);
  const keys = rule.factors.map((f) => f.key);
  for (const key of keys) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) problems.push(`factor key '${key}' is not a name`);
    if (keys.indexOf(key) !== keys.lastIndexOf(key)) problems.push(`factor key '${key}' is used twice`);
  }
  for (const factor of rule.factors) {
    if (factor.default !== undefined && !Number.isFinite(factor.default))
      problems.push(`factor '${factor.key}' default is not a number`);
  }
  if (parsed.ok) {
    for (const key of parsed.keys) if (!keys.includes(key)) problems.push(`formula key '${key}' has no factor`);
    for (const key of keys) if (!parsed.keys.includes(key)) problems.push(`factor '${key}' is not in the formula`);
  }
  if (rule.localKey !== 'value' && rule.localKey !== 'displayValue')
    problems.push(`localKey '${rule.localKey}' is neither value nor displayValue`);
  return [...new Set(problems)];
}

const compiled = new WeakMap<DependencyResult, Expr | null>();
function compiledOf(rule: DependencyResult): Expr | undefined {
  let expr = compiled.get(rule);
  if (expr === undefined) {
    const parsed = parseFormula(rule.formula);
    expr = parsed.ok ? parsed.expr : null;
    compiled.set(rule, expr);
  }
  return expr ?? undefined;
}

/** What the resolver knows of a factor field: its value as other fields read it, and its options. */
export type FactorReader = (id: string) => {
  value: string | string[] | undefined;
  options?: readonly { value: string; attrs?: Record<string, string | number> }[] | undefined;
};

/**
 * A factor's number: with `triggerKey`, the chosen option's attribute of that name; otherwise the value itself
 * (thousands separators dropped). A factor that is not chosen, or not a number, takes its `default`; without
 * one the result is not worked out.
 */
function factorNumber(factor: DependencyResult['factors'][number], read: FactorReader): number | undefined {
  const { value, options } = read(factor.id);
  let text: string | undefined;
  if (isChosen(value)) {
    const item = chosenItems(value)[0] ?? '';
    if (factor.triggerKey === undefined) text = parseNumber(item);
    else {
      const attr = options?.find((o) => o.value === item)?.attrs?.[factor.triggerKey];
      text = attr === undefined ? undefined : String(attr);
    }
  }
  const number = text !== undefined && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
  return number ?? factor.default;
}

/**
 * The result of a field's rule: a whole number (rounded), or undefined when a factor has no number and no
 * default, the formula divides by zero, or the result is below zero (a price per m², a total: never negative).
 */
export function dependencyResultOf(def: FieldDef, read: FactorReader): number | undefined {
  const rule = def.dependencyResult;
  if (!rule) return undefined;
  const expr = compiledOf(rule);
  if (!expr) return undefined;
  const numbers = new Map<string, number>();
  for (const factor of rule.factors) {
    const number = factorNumber(factor, read);
    if (number !== undefined) numbers.set(factor.key, number);
  }
  const result = evaluateFormula(expr, numbers);
  if (result === undefined || !Number.isFinite(result) || result < 0) return undefined;
  return Math.round(result);
}

/** How a result is shown: the definition's `displayValue` with {value} as the number with separators. */
export function resultText(def: FieldDef, result: number): string {
  const shown = String(result).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return def.displayValue === undefined ? shown : def.displayValue.replace('{value}', shown);
}
