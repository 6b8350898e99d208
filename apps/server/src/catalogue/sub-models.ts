/**
 * get-car-submodels' work without the route (after-save-area.md §7): the filters read from the request, the
 * sub-models they leave, a page of five up to the show-more limit, and each filter's counts.
 */
import type { SubModel } from '@app/catalog/vehicles/types';
import {
  type CarSubModelCounts,
  type CarSubModelsResponse,
  SUB_MODEL_FILTERS,
  SUB_MODELS_PAGE,
  SUB_MODELS_SHOW_MORE_LIMIT,
  type SubModelFilter,
} from '@app/contract/publish';

/** The column each filter matches, as the wire writes it (numbers in decimal). */
const COLUMN: Record<SubModelFilter, (s: SubModel) => string | undefined> = {
  gearBox: (s) => s.GearTitle,
  engineSize: (s) => String(s.EngineVolume),
  engineType: (s) => s.engineType,
  numDoors: (s) => String(s.Door),
  ignition: (s) => s.Ignition,
};
/** Filters whose values are whole numbers: listed by size, and a value must be digits. */
const NUMERIC: ReadonlySet<SubModelFilter> = new Set(['engineSize', 'numDoors']);
/** Longer than any title in the catalogue; a longer value is not a filter value. */
const MAX_TEXT = 40;

export type SubModelFilters = Partial<Record<SubModelFilter, string>>;

/**
 * The filters of a request body. Absent, null, '' and '-1' (the wizard's "not chosen") mean any value; a
 * number or a text is a value (a value no sub-model has leaves none); anything else (a list, an object, a
 * fraction, a text too long) makes the request bad: the name of the first bad filter is returned.
 */
export function readSubModelFilters(
  body: Record<string, unknown>,
): { ok: true; filters: SubModelFilters } | { ok: false; field: SubModelFilter } {
  const filters: SubModelFilters = {};
  for (const key of SUB_MODEL_FILTERS) {
    const raw = body[key];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, field: key };
    const value = String(raw).trim();
    if (value === '' || value === '-1') continue;
    if (value.length > MAX_TEXT || (NUMERIC.has(key) && !/^\d+$/.test(value))) return { ok: false, field: key };
    filters[key] = NUMERIC.has(key) ? String(Number(value)) : value;
  }
  return { ok: true, filters };
}

function matches(subModel: SubModel, filters: SubModelFilters, except?: SubModelFilter): boolean {
  return SUB_MODEL_FILTERS.every(
    (key) => key === except || filters[key] === undefined || COLUMN[key](subModel) === filters[key],
  );
}

/** How many times each value occurs (a sub-model without the column is not counted), numbers by size. */
function countsOf(list: readonly SubModel[], key: SubModelFilter): CarSubModelCounts {
  const counts = new Map<string, number>();
  for (const subModel of list) {
    const value = COLUMN[key](subModel);
    if (value !== undefined && value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const all = [...counts].map(([value, count]) => ({ value, count }));
  return NUMERIC.has(key) ? all.sort((a, b) => Number(a.value) - Number(b.value)) : all;
}

/**
 * The answer for one model and year: the page at `offset` of the sub-models the filters leave (none at or past
 * the show-more limit), their total, and each filter's counts over what the other filters leave.
 */
export function subModelsAnswer(
  all: readonly SubModel[],
  filters: SubModelFilters,
  offset: number,
): CarSubModelsResponse {
  const left = all.filter((s) => matches(s, filters));
  const end = Math.min(left.length, SUB_MODELS_SHOW_MORE_LIMIT);
  const counts = (key: SubModelFilter) =>
    countsOf(
      all.filter((s) => matches(s, filters, key)),
      key,
    );
  return [
    left.slice(Math.min(offset, end), Math.min(offset + SUB_MODELS_PAGE, end)),
    {
      total: left.length,
      offset,
      hasMore: offset + SUB_MODELS_PAGE < end,
      gearBox: counts('gearBox'),
      engineSize: counts('engineSize'),
      engineType: counts('engineType'),
      numDoors: counts('numDoors'),
      ignition: counts('ignition'),
    },
  ];
}
