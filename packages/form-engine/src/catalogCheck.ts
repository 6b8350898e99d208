/**
 * Checks a catalogue when it loads, so a broken definition fails in a test (and at server start), never
 * silently at run time: schema, duplicate ids, references to missing fields, malformed conditions, unknown
 * option lists, selects without choices, regexes that do not compile, date formats, dependency-result formulas,
 * dependency cycles, and a publish field that edit mode neither shows nor locks.
 */
import { conditionProblems } from './conditions.ts';
import { listIdOf } from './dataUrl.ts';
import { allRefs, evaluationOrder } from './dependencies.ts';
import { editCoverage } from './editSteps.ts';
import { formatDate, parseDate } from './format.ts';
import { dependencyResultProblems } from './formula.ts';
import { type Condition, DISPLAY_ONLY_TYPES, type FieldDef, type StepDef } from './model.ts';
import { safeParseCatalog } from './schema.ts';

export type ProblemCode =
  | 'schema'
  | 'duplicateId'
  | 'missingRef'
  | 'selfRef'
  | 'badCondition'
  | 'badDataUrl'
  | 'unknownList'
  | 'noOptions'
  | 'badRegex'
  | 'badFormat'
  | 'cycle'
  | 'notInEdit'
  | 'badLock'
  | 'badRange'
  | 'badFormula';

export interface CatalogProblem {
  code: ProblemCode;
  /** catalogue id, steps or editSteps, step area and field id. */
  where: string;
  message: string;
}

export interface CheckOptions {
  /** List ids the server serves; a dataUrl naming another list is a problem. Absent: not checked. */
  knownLists?: ReadonlySet<string>;
}

const NEEDS_CHOICES = new Set(['select', 'radio', 'multipleRadios', 'autocomplete']);

export function checkCatalog(input: unknown, options: CheckOptions = {}): CatalogProblem[] {
  const parsed = safeParseCatalog(input);
  const id = (input as { id?: unknown } | null)?.id;
  if (!parsed.ok) return parsed.issues.map((message) => ({ code: 'schema', where: String(id ?? '?'), message }));
  const catalog = parsed.value;
  return [
    ...checkForm(`${catalog.id} steps`, catalog.steps, options),
    // The edit form reads the locked fields' saved values (a condition on the property type): they may be named.
    ...checkForm(`${catalog.id} editSteps`, catalog.editSteps, options, catalog.editLocked),
    ...editCoverage(catalog).map((p) => ({ code: p.code, where: `${catalog.id} editLocked`, message: p.message })),
  ];
}

/**
 * One form (the publish steps, or the edit steps): references must stay inside it, or name one of `outside` (the
 * locked fields whose values the edit form is given).
 */
export function checkForm(
  where: string,
  steps: readonly StepDef[],
  options: CheckOptions = {},
  outside: readonly string[] = [],
): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  const items = steps.flatMap((step, index) =>
    step.fields.map((def) => ({ def, place: `${where}[${index}] ${step.area}` })),
  );
  const ids = new Set<string>();
  for (const { def, place } of items) {
    const at = `${place} › ${def.id}`;
    const add = (code: ProblemCode, message: string) => problems.push({ code, where: at, message });
    if (ids.has(def.id)) add('duplicateId', `field id '${def.id}' is used more than once`);
    ids.add(def.id);
    checkField(def, add, options);
  }
  for (const { def, place } of items) {
    for (const { ref, via } of allRefs(def)) {
      const at = `${place} › ${def.id}`;
      if (ref === def.id) problems.push({ code: 'selfRef', where: at, message: `${via} refers to the field itself` });
      else if (!ids.has(ref) && !outside.includes(ref))
        problems.push({ code: 'missingRef', where: at, message: `${via} refers to '${ref}'` });
    }
  }
  const { cycle } = evaluationOrder(items);
  if (cycle.length > 0) {
    problems.push({ code: 'cycle', where, message: `fields depend on each other in a cycle: ${cycle.join(', ')}` });
  }
  return problems;
}

function checkField(def: FieldDef, add: (code: ProblemCode, message: string) => void, options: CheckOptions) {
  const conditions: [string, Condition | undefined][] = [
    ['showcond', def.showcond],
    ['condRequired', def.condRequired],
    ['toggleByOtherField', def.toggleByOtherField],
    ...(def.optionRules ?? []).map((rule, i): [string, Condition] => [`optionRules[${i}]`, rule.enabledWhen]),
    ...(def.textsWhen ?? []).map((entry, i): [string, Condition] => [`textsWhen[${i}]`, entry.when]),
  ];
  for (const [via, condition] of conditions) {
    for (const problem of condition ? conditionProblems(condition) : []) add('badCondition', `${via}: ${problem}`);
  }
  if (def.dataUrl !== undefined) {
    const listId = listIdOf(def.dataUrl);
    if (!listId) add('badDataUrl', `dataUrl '${def.dataUrl}' is not /api/publish/options/<listId>`);
    else if (options.knownLists && !options.knownLists.has(listId)) add('unknownList', `unknown list '${listId}'`);
  }
  if (NEEDS_CHOICES.has(def.type) && def.dataUrl === undefined && (def.options?.length ?? 0) === 0) {
    add('noOptions', `${def.type} has neither options nor a dataUrl`);
  }
  if (def.min !== undefined || def.max !== undefined) {
    if (def.type !== 'number' && !def.isNumeric) add('badRange', 'min and max apply to numbers only');
    if (def.min !== undefined && def.max !== undefined && def.min > def.max) add('badRange', 'min is above max');
  }
  if (def.dependencyResult) {
    for (const problem of dependencyResultProblems(def.dependencyResult)) add('badFormula', problem);
    if (def.dependencyResult.localKey === 'value' && DISPLAY_ONLY_TYPES.has(def.type)) {
      add('badFormula', `a ${def.type} is never sent: its result can only be a displayValue`);
    }
  }
  if (def.regex !== undefined) {
    try {
      new RegExp(def.regex);
    } catch {
      add('badRegex', `regex '${def.regex}' does not compile`);
    }
  }
  if (def.type === 'date' && def.format !== undefined) {
    const sample = formatDate('2001-02-03', def.format);
    const back = parseDate(sample, def.format);
    if (!back.ok || back.iso !== '2001-02-03') add('badFormat', `date format '${def.format}' does not round-trip`);
  }
}
