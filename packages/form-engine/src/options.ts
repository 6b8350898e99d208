/**
 * A field's current choices: static options or the dependent list the caller knows, narrowed by
 * filterByOtherField, with optionRules deciding which are disabled.
 */
import { type ConditionContext, evaluate, type ValueReader } from './conditions.ts';
import { parentsOf } from './dependencies.ts';
import type { FieldDef, Option, Values } from './model.ts';
import { chosenItems, isChosen } from './values.ts';

export interface ResolvedOption extends Option {
  disabled: boolean;
}

/** Dependent lists the caller knows (the server from memory, the browser from what it fetched). */
export type OptionsSource = (field: FieldDef, values: Values) => readonly Option[] | undefined;

/** Does this field choose from a list at all? */
export function hasOptionList(field: FieldDef): boolean {
  return field.options !== undefined || field.dataUrl !== undefined || field.autoCompleteByOtherFields !== undefined;
}

/**
 * The field's options, or undefined when they are not known (no list, a parent without a value, or a
 * dependent list the caller has not got yet). `values` are the values the resolver has settled so far.
 */
export function resolveOptions(
  field: FieldDef,
  read: ValueReader,
  values: Values,
  context: ConditionContext & { options?: OptionsSource | undefined },
): readonly ResolvedOption[] | undefined {
  if (!hasOptionList(field)) return undefined;
  if (!parentsOf(field).every((parent) => isChosen(read(parent)))) return undefined;
  let list: readonly Option[] | undefined = field.options;
  if (list === undefined) {
    try {
      list = context.options?.(field, values);
    } catch {
      list = undefined;
    }
  }
  if (!Array.isArray(list)) return undefined; // not known (or a caller's lookup gave something that is not a list)
  const filter = field.filterByOtherField;
  if (filter) {
    const wanted = new Set(chosenItems(read(filter.field)));
    list = list.filter((option) => {
      const attr = option.attrs?.[filter.optionKey];
      return attr !== undefined && wanted.has(String(attr));
    });
  }
  // Without option rules nothing is disabled, whatever the values: the same list resolves to the same answer, kept
  // per source list (a catalogue's options, a lookup's cached list) instead of copied on every resolve.
  if (!filter && !field.optionRules?.length) return allEnabled(list);
  return list.map((option) => resolvedOption(option, isDisabledOption(field, option.value, read, context)));
}

/** The option with its disabled flag (assigned onto a copy: a spread's copy is slow to add a key to, records.ts). */
function resolvedOption(option: Option, disabled: boolean): ResolvedOption {
  const resolved = Object.assign({}, option) as ResolvedOption;
  resolved.disabled = disabled;
  return resolved;
}

const enabledLists = new WeakMap<readonly Option[], readonly ResolvedOption[]>();
function allEnabled(list: readonly Option[]): readonly ResolvedOption[] {
  let resolved = enabledLists.get(list);
  if (!resolved) {
    resolved = Object.freeze(list.map((option) => Object.freeze(resolvedOption(option, false))));
    enabledLists.set(list, resolved);
  }
  return resolved;
}

function isDisabledOption(field: FieldDef, value: string, read: ValueReader, context: ConditionContext): boolean {
  return (field.optionRules ?? []).some(
    (rule) => rule.values.includes(value) && !evaluate(rule.enabledWhen, read, context),
  );
}

/**
 * The one option that can be chosen, when exactly one can; undefined for none or several. Reads the list without
 * copying it: the resolver asks this of every list of a form (a car's makes and models) on every resolve.
 */
export function onlyEnabledOption(options: readonly ResolvedOption[]): ResolvedOption | undefined {
  let only: ResolvedOption | undefined;
  for (const option of options) {
    if (option.disabled) continue;
    if (only) return undefined;
    only = option;
  }
  return only;
}

/** Can any option of the list be chosen? */
export const hasEnabledOption = (options: readonly ResolvedOption[]): boolean => options.some((o) => !o.disabled);

const byValue = new WeakMap<readonly ResolvedOption[], ReadonlyMap<string, ResolvedOption>>();

/**
 * The list's option of a value (the first, as a search from the start finds it). A list the resolver keeps (every
 * option enabled, frozen: allEnabled) is indexed once, so a save's checks of a make among a hundred do not read the
 * list each time; any other list is searched.
 */
export function optionOf(options: readonly ResolvedOption[], value: string): ResolvedOption | undefined {
  if (!Object.isFrozen(options)) return options.find((option) => option.value === value);
  let index = byValue.get(options);
  if (!index) {
    const map = new Map<string, ResolvedOption>();
    for (const option of options) if (!map.has(option.value)) map.set(option.value, option);
    index = map;
    byValue.set(options, index);
  }
  return index.get(value);
}

/** Is every chosen item of the value an enabled option? (true when the options are not known) */
export function isAllowedChoice(items: readonly string[], options: readonly ResolvedOption[] | undefined): boolean {
  if (options === undefined) return true;
  return items.every((item) => {
    const option = optionOf(options, item);
    // The first option of the value may be disabled while a later one of the same value is not.
    return option ? !option.disabled || options.some((o) => o.value === item && !o.disabled) : false;
  });
}
