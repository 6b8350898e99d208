/** Every vehicle model, of every sub-category: the rows of data/vehicles/models.json. */
import table from '../../data/vehicles/models.json' with { type: 'json' };
import { type ModelRow, modelRows } from './rows.ts';
import type { VehicleModel } from './types.ts';

export const MODELS: readonly VehicleModel[] = modelRows(table.rows as unknown as readonly ModelRow[]);
