/**
 * THE resolver. For every field of the given steps: active (visible), enabled, required, options, value after
 * dependency resets, ghost; for every step: errors and completeness. The web UI, the client validation and
 * the server validation all call this one function. Rules in README.md ("Resolving").
 */
import { conditionFields, evaluate, matchesValues, type ValueReader } from './conditions.ts';
import { evaluationOrder, parentsOf } from './dependencies.ts';
import { formatDate, parseDate } from './format.ts';
import { dependencyResultOf, resultText } from './formula.ts';
import type { FieldDef, FieldValue, StepDef, Values } from './model.ts';
import { hasEnabledOption, onlyEnabledOption, optionOf, type ResolvedOption, resolveOptions } from './options.ts';
import { mergeRecords } from './records.ts';
import type { RedirectEffect, Resolution, ResolveContext, ResolvedField, ResolvedStep } from './resolution.ts';
import { validateFields } from './validate.ts';
import { chosenItems, emptyValue, isChosen, resetValue, sameValue } from './values.ts';

interface Item {
  def: FieldDef;
  step: number;
}

/** A form's fields in definition order, in resolving order, and by step: worked out once per steps array. */
interface Layout {
  items: readonly Item[];
  order: readonly Item[];
  byStep: readonly (readonly Item[])[];
}
const layouts = new WeakMap<readonly StepDef[], Layout>();
function layoutOf(steps: readonly StepDef[]): Layout {
  let layout = layouts.get(steps);
  if (!layout) {
    const items: Item[] = steps.flatMap((step, index) => step.fields.map((def) => ({ def, step: index })));
    layout = {
      items,
      order: evaluationOrder(items).order,
      byStep: steps.map((_, index) => items.filter((item) => item.step === index)),
    };
    layouts.set(steps, layout);
  }
  return layout;
}

export function resolve(steps: readonly StepDef[], values: Values, context: ResolveContext): Resolution {
  const { items, order, byStep } = layoutOf(steps);
  const stepVisible = steps.map((step) => !step.showOnABTest || context.abTests.has(step.showOnABTest));
  const byId: Record<string, ResolvedField> = {};
  const byItem = new Map<Item, ResolvedField>();
  const next: Record<string, FieldValue> = mergeRecords(values);
  const changed = new Set<string>(context.changed === undefined ? [] : [context.changed]);
  // What other fields see of a field is what would be sent: nothing while it is inactive, nor while it is
  // disabled in publish mode (disabled fields are not sent then), so the server, which receives only what
  // was sent, resolves the same form the browser shows.
  const read: ValueReader = (id) => {
    const field = byId[id];
    if (field) return field.visible && (field.enabled || context.mode === 'edit') ? field.value : undefined;
    return next[id];
  };

  for (const item of order) {
    const { def } = item;
    const given = Object.hasOwn(values, def.id) ? values[def.id] : def.defaultValue;
    let value = applyResets(def, given, changed, read, context);

    let immediate = false;
    const autoDate = def.dateAutoSelectObject;
    if (autoDate && matchesValues(read(autoDate.field), autoDate.values)) {
      value = formatDate(context.today, def.format);
      immediate = true;
    } else if (def.type === 'date' && def.isImmediate && typeof value === 'string') {
      const parsed = parseDate(value, def.format);
      if (parsed.ok && (parsed.iso === context.today || (def.y2date && parsed.iso < context.today))) {
        value = formatDate(context.today, def.format);
        immediate = true;
      }
    }

    const parentsChosen = parentsOf(def).every((parent) => isChosen(read(parent)));
    const options = resolveOptions(def, read, next, context);
    const noChoices = options !== undefined && !hasEnabledOption(options);
    let visible =
      stepVisible[item.step] === true &&
      !def.hidden &&
      (!def.showcond || evaluate(def.showcond, read, context)) &&
      (!def.showOnABTest || context.abTests.has(def.showOnABTest)) &&
      (def.isTraderRequest === undefined || def.isTraderRequest === context.isTrader);
    // In edit mode a dependent list with nothing left to choose hides its field.
    if (context.mode === 'edit' && (def.dependence?.length ?? 0) > 0 && options?.length === 0) visible = false;
    const enabled =
      !def.disabled &&
      !def.disabledAlways &&
      parentsChosen &&
      !(def.dependenceOpposite ?? []).some((id) => isChosen(read(id))) &&
      (!def.toggleByOtherField || evaluate(def.toggleByOtherField, read, context)) &&
      !(def.dataUrl !== undefined && def.type !== 'autocomplete' && noChoices);

    value = settleChoice(def, value, options, changed, visible && enabled);
    // A worked-out number is the engine's, never what was given (the server works it out again).
    const result = def.dependencyResult
      ? dependencyResultOf(def, (id) => ({ value: read(id), options: byId[id]?.options }))
      : undefined;
    if (def.dependencyResult?.localKey === 'value') value = result === undefined ? '' : String(result);
    if (context.changed !== undefined && def.id !== context.changed && !sameValue(value, given)) changed.add(def.id);

    const field: ResolvedField = {
      def,
      step: item.step,
      visible,
      enabled,
      required: false,
      ghost: def.ghost === true && !isChosen(value),
      value,
      options,
      // An autocomplete list comes with what the user types: it is never "loading" before that.
      loading:
        def.type !== 'autocomplete' &&
        options === undefined &&
        def.options === undefined &&
        def.dataUrl !== undefined &&
        parentsChosen,
      immediate,
      ...(result === undefined ? {} : { displayValue: resultText(def, result) }),
    };
    byId[def.id] = field;
    byItem.set(item, field);
    next[def.id] = value;
  }

  // Required rules and a field's texts read fields anywhere in the form, so they run once every value is settled.
  for (const field of byItem.values()) {
    field.required = isRequired(field, read, context);
    if (field.def.textsWhen) field.def = withTexts(field.def, read, context);
  }

  const resolvedSteps: ResolvedStep[] = steps.map((def, index) => {
    const fields = (byStep[index] ?? []).flatMap((item) => byItem.get(item) ?? []);
    const errors = stepVisible[index] && def.check ? validateFields(fields, read, context.today, context.isTrader) : [];
    return { index, def, visible: stepVisible[index] === true, fields, errors, complete: errors.length === 0 };
  });

  const redirect = findRedirect(items.flatMap((item) => byItem.get(item) ?? []));
  return {
    steps: resolvedSteps,
    fields: byId,
    values: next,
    errors: resolvedSteps.flatMap((step) => step.errors),
    ...(redirect ? { redirect } : {}),
  };
}

/** Resets caused by the field the user just changed (and by the resets that follow from it). */
function applyResets(
  def: FieldDef,
  given: FieldValue,
  changed: ReadonlySet<string>,
  read: ValueReader,
  context: ResolveContext,
): FieldValue {
  if (changed.size === 0 || def.id === context.changed) return given;
  let value = given;
  const locked = context.mode === 'edit' && !def.allowEditDependence;
  if (!locked && parentsOf(def).some((parent) => changed.has(parent))) value = emptyValue(def);
  if ((def.resetValueOnChange ?? []).some((id) => changed.has(id))) value = resetValue(def);
  const source = def.changeByOtherField;
  if (source && changed.has(source.field)) {
    const other = read(source.field);
    if (source.map) {
      const key = chosenItems(other).join(',');
      if (Object.hasOwn(source.map, key)) value = source.map[key];
    } else {
      value = isChosen(other) ? other : emptyValue(def);
    }
  }
  return value;
}

/**
 * A chosen option that a changed field has just disabled is reset; a select (or an auto-completed field)
 * with exactly one choice left takes it.
 */
function settleChoice(
  def: FieldDef,
  value: FieldValue,
  options: readonly ResolvedOption[] | undefined,
  changed: ReadonlySet<string>,
  active: boolean,
): FieldValue {
  if (!options) return value;
  const ruleChanged = (def.optionRules ?? []).some((rule) =>
    conditionFields(rule.enabledWhen).some((id) => changed.has(id)),
  );
  if (ruleChanged && chosenItems(value).some((item) => optionOf(options, item)?.disabled)) value = emptyValue(def);
  const only = onlyEnabledOption(options);
  if (active && only && !isChosen(value) && (def.type === 'select' || def.autoCompleteByOtherFields)) {
    return def.multiple ? [only.value] : only.value;
  }
  return value;
}

const textsMemo = new WeakMap<FieldDef, FieldDef[]>();

/**
 * The field with the texts of its first `textsWhen` entry that holds (its own texts when none does). The merged
 * definitions are made once per entry and kept, so a field's definition stays the same object from one resolve to
 * the next.
 */
function withTexts(def: FieldDef, read: ValueReader, context: ResolveContext): FieldDef {
  const entries = def.textsWhen ?? [];
  const index = entries.findIndex((entry) => evaluate(entry.when, read, context));
  const entry = entries[index];
  if (!entry) return def;
  let merged = textsMemo.get(def);
  if (!merged) {
    merged = [];
    textsMemo.set(def, merged);
  }
  const { when: _, ...texts } = entry;
  merged[index] ??= { ...def, ...texts };
  return merged[index];
}

function isRequired(field: ResolvedField, read: ValueReader, context: ResolveContext): boolean {
  if (!field.visible || !field.enabled) return false;
  const { def } = field;
  const groupFilled = (def.multipleRequiredObject?.fields ?? []).some((id) => isChosen(read(id)));
  if (def.isRequired && !groupFilled) return true;
  return def.condRequired !== undefined && evaluate(def.condRequired, read, context);
}

/** The first active field whose value a watcher (redirectOnChange or an option's redirectTo) listens for. */
function findRedirect(fields: readonly ResolvedField[]): RedirectEffect | undefined {
  for (const field of fields) {
    if (!field.visible || !isChosen(field.value)) continue;
    const watcher = field.def.redirectOnChange?.find((w) => matchesValues(field.value, w.values));
    if (watcher) return { field: field.def.id, to: watcher.to };
    if (!field.options || !redirects(field.options)) continue;
    const items = chosenItems(field.value);
    const option = field.options.find((o) => o.redirectTo && items.includes(o.value));
    if (option?.redirectTo) return { field: field.def.id, to: option.redirectTo };
  }
  return undefined;
}

const redirecting = new WeakMap<readonly ResolvedOption[], boolean>();
/** Does any option of the list redirect? (kept per list: most lists never do) */
function redirects(options: readonly ResolvedOption[]): boolean {
  let any = redirecting.get(options);
  if (any === undefined) {
    any = options.some((o) => o.redirectTo);
    redirecting.set(options, any);
  }
  return any;
}
