/** The details line of a car sub-model card (gear, engine, volume, power, doors). */

import { formatNumber } from '@app/form-engine/format';
import type { CarSubModel } from '../../../../shared/api/index.ts';
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
