import { createHash } from 'node:crypto';
import { CATALOGS, catalogFor } from '@app/catalog/categories/registry';
import { checkPublishRules, PUBLISH_RULES, type RuleSelection, rulesFor } from '@app/catalog/publishRules';
import type { FieldsAdData as AdData, Selectors } from '@app/contract/publish';
import { checkCatalog } from '@app/form-engine/catalogCheck';
import { lockedValues } from '@app/form-engine/editSteps';
import type { CategoryCatalog, StepDef, Values } from '@app/form-engine/model';
import { parseCatalog } from '@app/form-engine/schema';
import { AnswerCache, type CachedAnswer, type CacheLimits } from '../platform/cached-answer.ts';
import { CAMPAIGNS, campaignsFor } from './campaigns.ts';
import { SERVED_LIST_IDS } from './option-lists.ts';
import { adSectionOf, catalogQuery } from './selectors.ts';

/**
 * The fields answers kept: each catalogue and sub-category the wizard asks for is one answer of 15-60 KB in its
 * three codings; the bounds leave room for all of them and stop a stream of made-up selections (any sub-category
 * number for a catalogue that names none) from growing the memory.
 */
const FIELDS_CACHE: CacheLimits = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 };

/** A catalogue parsed by the schema and checked (its references, the lists it names served), or an Error. */
export function checkedCatalog(raw: unknown): CategoryCatalog {
  const catalog = parseCatalog(raw);
  const problems = checkCatalog(catalog, { knownLists: SERVED_LIST_IDS });
  if (problems.length) {
    throw new Error(`Catalogue ${catalog.id} is broken:\n${problems.map((p) => `  ${JSON.stringify(p)}`).join('\n')}`);
  }
  return catalog;
}

/**
 * The category catalogues, checked once, and the fields answers served from memory: each is
 * built, serialised and compressed once per catalogue version and selection (platform/cached-answer.ts).
 */
export class CatalogService {
  /**
   * The catalogue version: a hash of what every fields answer is made of (the parsed catalogues, each with its own
   * version, and the campaigns). It keys the cached answers, so an answer of another version is never sent.
   */
  readonly version: string;
  private readonly stepsJson = new Map<string, string>();
  private readonly answers = new AnswerCache(FIELDS_CACHE);

  /** `raw`: the catalogues to serve (every category's by default; a test may change one). */
  constructor(raw: readonly CategoryCatalog[] = CATALOGS) {
    const hash = createHash('sha256').update(JSON.stringify(CAMPAIGNS)).update(JSON.stringify(PUBLISH_RULES));
    const ruleProblems = checkPublishRules();
    if (ruleProblems.length) throw new Error(`The publish rules are broken:\n  ${ruleProblems.join('\n  ')}`);
    for (const rawCatalog of raw) {
      // The product's own catalogues are checked by the tests (service.test.ts: the schema and every list they name
      // served here), so a start does not parse them again: that was a third of building the app. Others (a
      // test's) are checked here.
      const catalog = raw === CATALOGS ? rawCatalog : checkedCatalog(rawCatalog);
      const steps = JSON.stringify(catalog.steps);
      this.stepsJson.set(catalog.id, steps);
      hash.update(JSON.stringify(catalog));
    }
    this.version = hash.digest('base64url').slice(0, 16);
  }

  catalog(selectors: Selectors): CategoryCatalog | undefined {
    const query = catalogQuery(selectors);
    return query ? catalogFor(query) : undefined;
  }

  /**
   * The wizard's index of the selection's photos step (the browser's steps start with the category step: index 0),
   * or undefined when its catalogue has none: the HTML of a page opened there names the photo field's code.
   */
  mediaStep(selectors: Selectors): number | undefined {
    const steps = this.catalog(selectors)?.steps ?? [];
    const index = steps.findIndex((step) => step.fields.some((field) => field.type === 'image'));
    if (index < 0) return undefined;
    return steps[0]?.stepGroup === 'chooseSubcat' ? index : index + 1;
  }

  /**
   * The GET /api/publish/fields answer of a selection for a wizard without a saved ad: the same for everyone, so
   * made once (JSON, gzip, brotli, ETags) and kept; null when no catalogue serves the selection.
   */
  fieldsAnswer(selectors: Selectors): CachedAnswer | null {
    const catalog = this.catalog(selectors);
    if (!catalog) return null;
    // What decides the bytes: the catalogue, the sub-category (the answer names it, and its campaigns) and the
    // publish rules the selection meets.
    const key = `${this.version}|${catalog.id}|${selectors.subcat ?? ''}|${rulesFor(ruleSelection(selectors)).key}`;
    return this.answers.get(key, () => {
      const { before, after } = this.parts(catalog, selectors, this.stepsJson.get(catalog.id) ?? '[]');
      return `${before}${JSON.stringify(NO_AD)}${after}`;
    });
  }

  /** How many fields answers are kept, and their bytes. */
  get cachedAnswers(): { entries: number; bytes: number } {
    return this.answers.size;
  }

  /** Resolves once the kept answers' brotli bodies are made (tests). */
  compressed(): Promise<void> {
    return this.answers.idle();
  }

  /** A single area of a selection (a contact area refetches alone; the edit login area too). */
  areaBody(selectors: Selectors, area: string): string | null {
    const catalog = this.catalog(selectors);
    const steps = catalog ? [...catalog.steps, ...catalog.editSteps].filter((s) => s.area === area).slice(0, 1) : [];
    return catalog && steps.length ? this.compose(catalog, selectors, JSON.stringify(steps)) : null;
  }

  /**
   * The edit steps with the ad's saved values, the values of its locked fields by field id (editSteps.ts) and its
   * title.
   */
  editBody(
    catalog: CategoryCatalog,
    selectors: Selectors,
    values: Record<string, unknown>,
    adData: AdData,
    adTitle: string,
  ): string {
    const locked = lockedValues(catalog, { ...selectors, ...values });
    return this.compose(catalog, selectors, JSON.stringify(catalog.editSteps), values, adData, {
      lockedValues: locked,
      adTitle,
    });
  }

  /** The publish steps of a selection for a wizard that has saved its ad already (OrderID in the query). */
  savedAdBody(selectors: Selectors, adData: AdData): string | null {
    const catalog = this.catalog(selectors);
    if (!catalog) return null;
    return this.compose(catalog, selectors, this.stepsJson.get(catalog.id) ?? '[]', undefined, adData);
  }

  private compose(
    catalog: CategoryCatalog,
    selectors: Selectors,
    stepsJson: string,
    values?: Record<string, unknown>,
    adData: AdData = NO_AD,
    edit?: { lockedValues: Values; adTitle: string },
  ): string {
    const { before, after } = this.parts(catalog, selectors, stepsJson, values, edit);
    return `${before}${JSON.stringify(adData)}${after}`;
  }

  /** A fields answer's JSON before and after its adData (the one part that names a customer's ad). */
  private parts(
    catalog: CategoryCatalog,
    selectors: Selectors,
    stepsJson: string,
    values?: Record<string, unknown>,
    edit?: { lockedValues: Values; adTitle: string },
  ): { before: string; after: string } {
    const subcat = selectors.subcat === undefined ? null : Number(selectors.subcat);
    const head = { catalogId: catalog.id, firstStep: catalog.firstStep };
    // An edited ad's own section (a second-hand product category is a field of the ad, not a selector).
    const rules = rulesFor(ruleSelection(selectors, values));
    const tail = {
      publishRedirects: rules.publishRedirects,
      // The campaigns whose condition the selection meets (campaigns.ts).
      publishCampaigns: campaignsFor(catalog.cat, subcat),
      cat: catalog.cat,
      subcat,
      disallowDecreasePricePopup: rules.disallowDecreasePricePopup,
      ...(values ? { values } : {}),
      ...edit,
    };
    return {
      before: `{"fields":${stepsJson},${JSON.stringify(head).slice(1, -1)},"adData":`,
      after: `,${JSON.stringify(tail).slice(1)}`,
    };
  }
}

const wholeNumber = (value: unknown): number | undefined => {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
};

/** The selection the publish rules look at: the selectors, with an ad's section as its plans read it. */
function ruleSelection(selectors: Selectors, values?: Record<string, unknown>): RuleSelection {
  return {
    cat: Number(selectors.cat),
    subcat: wholeNumber(selectors.subcat),
    SalesCatID: wholeNumber(adSectionOf({ selectors, values })),
    SalesSubCatID: wholeNumber(selectors.SalesSubCatID) || wholeNumber(values?.salesSubCatID),
  };
}

/** A wizard without a saved ad yet: no number and no order type. */
const NO_AD: AdData = { OrderID2: null, OrderTypeID: null };

export type { StepDef };
