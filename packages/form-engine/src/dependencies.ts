/**
 * Which fields a field reads, and the order the resolver visits fields in (every field after the fields
 * that decide its visibility, options or value).
 */
import { conditionFields } from './conditions.ts';
import type { FieldDef } from './model.ts';

/** Parents: the field is disabled until they all have a value, and reset when one of them changes. */
export function parentsOf(field: FieldDef): readonly string[] {
  return once(parentsMemo, field, () => parentsOfDef(field));
}

function parentsOfDef(field: FieldDef): string[] {
  return unique([
    ...(field.dependence ?? []),
    ...(field.filterByOtherField ? [field.filterByOtherField.field] : []),
    ...(field.autoCompleteByOtherFields?.fields ?? []),
  ]);
}

/** Fields that decide this field's visibility, enabled state, options or value. */
export function valueRefs(field: FieldDef): readonly string[] {
  return once(refsMemo, field, () => valueRefsOfDef(field));
}

function valueRefsOfDef(field: FieldDef): string[] {
  return unique([
    ...parentsOf(field),
    ...(field.dependenceOpposite ?? []),
    ...(field.showcond ? conditionFields(field.showcond) : []),
    ...(field.toggleByOtherField ? conditionFields(field.toggleByOtherField) : []),
    ...(field.changeByOtherField ? [field.changeByOtherField.field] : []),
    ...(field.resetValueOnChange ?? []),
    ...(field.dateAutoSelectObject ? [field.dateAutoSelectObject.field] : []),
    ...(field.optionRules ?? []).flatMap((rule) => conditionFields(rule.enabledWhen)),
    ...(field.dependencyResult?.factors ?? []).map((factor) => factor.id),
  ]).filter((id) => id !== field.id);
}

/** Every reference to another field, with the property it comes from (for catalogue checks). */
export function allRefs(field: FieldDef): { ref: string; via: string }[] {
  const refs: { ref: string; via: string }[] = [];
  const add = (via: string, ids: readonly string[] | undefined) => {
    for (const ref of ids ?? []) refs.push({ ref, via });
  };
  add('dependence', field.dependence);
  add('dependenceOpposite', field.dependenceOpposite);
  add('filterByOtherField', field.filterByOtherField && [field.filterByOtherField.field]);
  add('autoCompleteByOtherFields', field.autoCompleteByOtherFields?.fields);
  add('showcond', field.showcond && conditionFields(field.showcond));
  add('toggleByOtherField', field.toggleByOtherField && conditionFields(field.toggleByOtherField));
  add('changeByOtherField', field.changeByOtherField && [field.changeByOtherField.field]);
  add('resetValueOnChange', field.resetValueOnChange);
  add('dateAutoSelectObject', field.dateAutoSelectObject && [field.dateAutoSelectObject.field]);
  add(
    'optionRules',
    field.optionRules?.flatMap((rule) => conditionFields(rule.enabledWhen)),
  );
  add(
    'dependencyResult',
    field.dependencyResult?.factors.map((factor) => factor.id),
  );
  add('condRequired', field.condRequired && conditionFields(field.condRequired));
  add(
    'textsWhen',
    field.textsWhen?.flatMap((entry) => conditionFields(entry.when)),
  );
  add('multipleRequiredObject', field.multipleRequiredObject?.fields);
  add('notEqual', field.notEqual === undefined ? undefined : [field.notEqual]);
  add('accordionBrief.useCondition', field.accordionBrief?.useCondition && [field.accordionBrief.useCondition.key]);
  const list = field.accordionBrief?.takeFromList?.list;
  add('accordionBrief.takeFromList', list === undefined ? undefined : [list]);
  return refs;
}

/**
 * Fields in resolving order: a field comes after every field of `valueRefs` (references outside the list are
 * ignored); otherwise definition order is kept. A cycle cannot be ordered: its fields are appended in
 * definition order and returned in `cycle` (catalogCheck reports it; the resolver still never throws).
 */
export function evaluationOrder<T extends { def: FieldDef }>(items: readonly T[]): { order: T[]; cycle: string[] } {
  const ids = new Set(items.map((item) => item.def.id));
  const refs = items.map((item) => valueRefs(item.def).filter((ref) => ids.has(ref)));
  const placed = items.map(() => false);
  const doneIds = new Set<string>();
  const order: T[] = [];
  let progressed = true;
  while (progressed) {
    progressed = false;
    items.forEach((item, i) => {
      if (placed[i] || !(refs[i] ?? []).every((ref) => doneIds.has(ref))) return;
      placed[i] = true;
      doneIds.add(item.def.id);
      order.push(item);
      progressed = true;
    });
  }
  const cycle = items.filter((_, i) => !placed[i]);
  return { order: [...order, ...cycle], cycle: cycle.map((item) => item.def.id) };
}

// A definition does not change once loaded, so what it refers to is worked out once per definition object (the
// resolver asks for every field on every resolve: the server's check of each saved ad, the browser's every key).
const parentsMemo = new WeakMap<FieldDef, readonly string[]>();
const refsMemo = new WeakMap<FieldDef, readonly string[]>();
function once(memo: WeakMap<FieldDef, readonly string[]>, field: FieldDef, work: () => string[]): readonly string[] {
  let ids = memo.get(field);
  if (!ids) {
    ids = Object.freeze(work());
    memo.set(field, ids);
  }
  return ids;
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
