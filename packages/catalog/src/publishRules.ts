/**
 * The rules of the fields answer kept as data (data/publish-rules.json, its schema data/schemas/
 * publish-rules.schema.json): where editing a lower price offers no upgrade (`disallowDecreasePricePopup`,
 * publish-wizard.md §4 "Price decrease") and the server's redirect rules of a selection (`publishRedirects`,
 * publish-wizard.md §3 "Redirect rule"). Change a rule in the data file only; `checkPublishRules` holds it against
 * the catalogues when the server starts.
 */
import type { PublishRedirect } from '@app/contract/publish';
import type { CategoryCatalog } from '@app/form-engine/model';
import data from '../data/publish-rules.json' with { type: 'json' };
import { type CatalogQuery, catalogFor } from './categories/registry.ts';

/** Which selections a rule is for: its cat, and each selector listed with one of its values. */
export interface SelectionMatch {
  cat: number;
  subcat?: number[];
  SalesCatID?: number[];
  SalesSubCatID?: number[];
}

export interface RedirectRuleRow extends PublishRedirect {
  when: SelectionMatch;
}

export interface PublishRules {
  decreasePricePopup: { disallowed: { why: string; when: SelectionMatch }[] };
  redirects: RedirectRuleRow[];
}

export const PUBLISH_RULES: PublishRules = data as PublishRules;

/** A selection as numbers (absent: not chosen). */
export type RuleSelection = Pick<CatalogQuery, 'cat' | 'subcat' | 'SalesCatID' | 'SalesSubCatID'>;

const has = (list: number[] | undefined, value: number | undefined): boolean =>
  list === undefined || (value !== undefined && list.includes(value));

export function matches(when: SelectionMatch, selection: RuleSelection): boolean {
  return (
    when.cat === selection.cat &&
    has(when.subcat, selection.subcat) &&
    has(when.SalesCatID, selection.SalesCatID) &&
    has(when.SalesSubCatID, selection.SalesSubCatID)
  );
}

export interface SelectionRules {
  disallowDecreasePricePopup: boolean;
  /** The selection's redirect rules as the answer carries them (no `when`). */
  publishRedirects: PublishRedirect[];
  /** The ids of what matched: the selections with the same key get the same answer. */
  key: string;
}

/** What the rules say for one selection. */
export function rulesFor(selection: RuleSelection, rules: PublishRules = PUBLISH_RULES): SelectionRules {
  const disallowed = rules.decreasePricePopup.disallowed.findIndex((rule) => matches(rule.when, selection));
  const redirects = rules.redirects.filter((rule) => matches(rule.when, selection));
  return {
    disallowDecreasePricePopup: disallowed >= 0,
    publishRedirects: redirects.map(({ when: _, ...rule }) => rule),
    key: `${disallowed}|${redirects.map((r) => r.id).join(',')}`,
  };
}

const fieldIdsOf = (catalog: CategoryCatalog): Set<string> =>
  new Set(catalog.steps.flatMap((step) => step.fields.map((field) => field.id)));

/** The catalogues that serve a rule's selections: one per sub-category it lists (or the category's). */
function catalogsOf(when: SelectionMatch): { subcat: number | undefined; catalog: CategoryCatalog | undefined }[] {
  return (when.subcat ?? [undefined]).map((subcat) => ({
    subcat,
    catalog: catalogFor({ cat: when.cat, subcat, SalesCatID: when.SalesCatID?.[0] }),
  }));
}

/**
 * What is wrong with the rules against the catalogues: a rule's fields must be fields of every catalogue that serves
 * its selections, a redirect goes to a selection some catalogue serves (or to the older site with a path) whose
 * catalogue has the fields it carries, and ids are unique. An empty list is a good set of rules.
 */
export function checkPublishRules(rules: PublishRules = PUBLISH_RULES): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const rule of rules.redirects) {
    if (ids.has(rule.id)) problems.push(`${rule.id}: the id is used twice`);
    ids.add(rule.id);
    const sources = catalogsOf(rule.when);
    for (const { subcat, catalog } of sources) {
      if (!catalog) {
        problems.push(`${rule.id}: no catalogue serves its selection${subcat === undefined ? '' : ` ${subcat}`}`);
        continue;
      }
      const fieldIds = fieldIdsOf(catalog);
      for (const id of [rule.property, ...Object.keys(rule.other_conditions?.fields ?? {})]) {
        if (!fieldIds.has(id)) problems.push(`${rule.id}: ${catalog.id} has no field ${id}`);
      }
    }
    const { redirect } = rule;
    const target = redirect.params && catalogFor(redirect.params);
    if (redirect.redirect_to_old) {
      if (!redirect.url?.startsWith('/')) problems.push(`${rule.id}: a redirect to the older site needs a path`);
    } else if (!redirect.params) {
      problems.push(`${rule.id}: the redirect names no selection`);
    } else if (!target) {
      problems.push(`${rule.id}: no catalogue serves the redirect's selection`);
    } else if (sources.some((source) => source.catalog === target)) {
      problems.push(`${rule.id}: the redirect leads to its own selection`);
    } else {
      const targetIds = fieldIdsOf(target);
      for (const id of redirect.fields ?? []) {
        if (!targetIds.has(id)) problems.push(`${rule.id}: ${target.id} has no field ${id} to carry`);
      }
    }
  }
  return problems;
}
