import { gzipSync } from 'node:zlib';
import { CATALOGS, catalogFor } from '@app/catalog/categories/registry';
import type { FieldsAdData as AdData, Selectors } from '@app/contract/publish';
import { checkCatalog } from '@app/form-engine/catalogCheck';
import { lockedValues } from '@app/form-engine/editSteps';
import type { CategoryCatalog, StepDef, Values } from '@app/form-engine/model';
import { parseCatalog } from '@app/form-engine/schema';
import { campaignsFor } from './campaigns.ts';
import { SERVED_LIST_IDS } from './option-lists.ts';
import { catalogQuery, selectionKey } from './selectors.ts';

const MAX_CACHED_RESPONSES = 2000;

/**
 * The category catalogues, checked and parsed once at start, and the fields responses served from memory:
 * each response body is built once per selection and kept as a JSON string.
 */
export class CatalogService {
  private readonly stepsJson = new Map<string, string>();
  private readonly responses = new Map<string, CachedBody | null>();

  constructor() {
    for (const raw of CATALOGS) {
      const catalog = parseCatalog(raw);
      const problems = checkCatalog(catalog, { knownLists: SERVED_LIST_IDS });
      if (problems.length) {
        throw new Error(
          `Catalogue ${catalog.id} is broken:\n${problems.map((p) => `  ${JSON.stringify(p)}`).join('\n')}`,
        );
      }
      this.stepsJson.set(catalog.id, JSON.stringify(catalog.steps));
    }
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
   * The GET /api/publish/fields body for a selection (JSON and its gzip, both built once), or null when no
   * catalogue serves it.
   */
  fieldsBody(selectors: Selectors): CachedBody | null {
    const key = selectionKey(selectors);
    const cached = this.responses.get(key);
    if (cached !== undefined) return cached;
    const catalog = this.catalog(selectors);
    let body: CachedBody | null = null;
    if (catalog) {
      const json = Buffer.from(this.compose(catalog, selectors, this.stepsJson.get(catalog.id) ?? '[]'));
      body = { json, gzip: gzipSync(json, { level: 9 }) };
    }
    if (this.responses.size < MAX_CACHED_RESPONSES) this.responses.set(key, body);
    return body;
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
  ) {
    const head = {
      catalogId: catalog.id,
      firstStep: catalog.firstStep,
      adData,
      publishRedirects: [],
      // The campaigns whose condition the selection meets (services/campaigns.ts).
      publishCampaigns: campaignsFor(catalog.cat, selectors.subcat === undefined ? null : Number(selectors.subcat)),
      cat: catalog.cat,
      subcat: selectors.subcat === undefined ? null : Number(selectors.subcat),
      disallowDecreasePricePopup: false,
      ...(values ? { values } : {}),
      ...edit,
    };
    return `{"fields":${stepsJson},${JSON.stringify(head).slice(1)}`;
  }
}

/** A wizard without a saved ad yet: no number and no order type. */
const NO_AD: AdData = { OrderID2: null, OrderTypeID: null };

export interface CachedBody {
  json: Buffer;
  gzip: Buffer;
}

export type { StepDef };
