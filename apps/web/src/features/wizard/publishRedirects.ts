/**
 * The server's redirect rules (the fields answer's publishRedirects, publish-wizard.md §3 "Redirect rule", §4
 * "Watchers on fields"): pure functions, no React. A rule fires when the user gives its field one of its values
 * while every other-condition field has one of its own; the wizard then moves to the rule's selection and step,
 * carrying the values the rule names, or to its path on the older site.
 */
import type { PublishRedirect } from '@app/contract/publish';
import type { FieldValue, Values } from '@app/form-engine/model';

const listOf = (comma: string): string[] => comma.split(',').map((item) => item.trim());

function hasOneOf(value: FieldValue, comma: string): boolean {
  const allowed = listOf(comma);
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.some((item) => allowed.includes(item));
}

/** The rule the user's change of `changed` fires, if any (the first in the answer's order). */
export function firedRedirect(
  rules: readonly PublishRedirect[] | undefined,
  values: Values,
  changed: string | undefined,
): PublishRedirect | undefined {
  if (!rules?.length || changed === undefined) return undefined;
  return rules.find(
    (rule) =>
      rule.property === changed &&
      hasOneOf(values[rule.property], rule.value) &&
      Object.entries(rule.other_conditions?.fields ?? {}).every(([field, comma]) => hasOneOf(values[field], comma)),
  );
}

/** The publish query of a rule's selection (its step, 1 by default); istrader is kept. */
export function ruleQuery(rule: PublishRedirect, current: URLSearchParams): URLSearchParams | null {
  const params = rule.redirect.params;
  if (!params) return null;
  const next = new URLSearchParams();
  for (const key of ['cat', 'subcat', 'SalesCatID', 'SalesSubCatID'] as const) {
    const value = params[key];
    if (value !== undefined) next.set(key, String(value));
  }
  const trader = current.get('istrader');
  if (trader) next.set('istrader', trader);
  next.set('step', String(params.step ?? 1));
  return next;
}

/** The values that go along: the rule's fields that have one. */
export function carriedValues(rule: PublishRedirect, values: Values): Values {
  const carried: Record<string, FieldValue> = {};
  for (const id of rule.redirect.fields ?? []) {
    const value = values[id];
    if (value !== undefined && value !== '' && value !== '-1') carried[id] = value;
  }
  return carried;
}

/** The older site's address of a redirect_to_old rule, or undefined without a base or a path on it. */
export function oldSiteUrl(rule: PublishRedirect, base: string | undefined): string | undefined {
  if (!rule.redirect.redirect_to_old || !rule.redirect.url?.startsWith('/') || !base) return undefined;
  try {
    const url = new URL(rule.redirect.url, base);
    // A path only: '//host/…' would leave the older site.
    return url.origin === new URL(base).origin ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
