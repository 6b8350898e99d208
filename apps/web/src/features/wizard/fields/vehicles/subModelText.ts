/** The details line of a car sub-model card (gear, engine, volume, power, doors), and the list's filters. */

import { SUB_MODEL_FILTERS } from '@app/contract/publish';
import { formatNumber } from '@app/form-engine/format';
import type { CarSubModel, SubModelFilter, SubModelFilterValues, SubModelsPage } from '../../../../shared/api/index.ts';
import { he } from '../../../../shared/i18n/index.ts';

export function subModelDetails(subModel: CarSubModel): string[] {
  const parts: string[] = [];
  if (subModel.GearTitle) parts.push(subModel.GearTitle);
  if (subModel.engineType) parts.push(subModel.engineType);
  const t = he.vehicles.subModel;
  if (subModel.EngineVolume) parts.push(t.engineVolume(formatNumber(String(subModel.EngineVolume))));
  if (subModel.HorsePower) parts.push(t.horsePower(subModel.HorsePower));
  if (subModel.Door) parts.push(t.doors(subModel.Door));
  return parts;
}

/** Pages of sub-models merged without repeats (a page may overlap when the list changed meanwhile). */
export function mergePages(loaded: readonly CarSubModel[], page: readonly CarSubModel[]): CarSubModel[] {
  const seen = new Set(loaded.map((s) => s.SubSubModelID));
  return [...loaded, ...page.filter((s) => !seen.has(s.SubSubModelID))];
}

/** One filter of the sub-model list: its label and its choices (value and text with its count). */
export interface SubModelFilterChoice {
  key: SubModelFilter;
  label: string;
  options: { value: string; text: string }[];
}

/** How a filter value reads: engine volumes and doors in words, texts as they are. */
function valueText(key: SubModelFilter, value: string): string {
  const t = he.vehicles.subModelFilters;
  if (key === 'engineSize')
    return value === '0' ? t.noEngineVolume : he.vehicles.subModel.engineVolume(formatNumber(value));
  if (key === 'numDoors') return value === '0' ? t.noDoors : he.vehicles.subModel.doors(Number(value));
  return value;
}

/**
 * The filters worth showing, from the answer's counts: a filter with two values or more, or one chosen (so it can be
 * cleared); a chosen value the counts no longer have is still offered.
 */
export function subModelFilterChoices(
  counts: SubModelsPage['counts'],
  chosen: SubModelFilterValues,
): SubModelFilterChoice[] {
  const t = he.vehicles.subModelFilters;
  return SUB_MODEL_FILTERS.flatMap((key) => {
    const values = counts[key] ?? [];
    const value = chosen[key];
    if (values.length < 2 && value === undefined) return [];
    const options = values.map((c) => ({ value: c.value, text: t.withCount(valueText(key, c.value), c.count) }));
    if (value !== undefined && !values.some((c) => c.value === value)) {
      options.unshift({ value, text: valueText(key, value) });
    }
    return [{ key, label: t[key], options }];
  });
}
