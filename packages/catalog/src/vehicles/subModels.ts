/** Every sub-model (trim and engine variant), of every sub-category: the rows of data/vehicles/sub-models.json. */
import table from '../../data/vehicles/sub-models.json' with { type: 'json' };
import { type SubModelRow, subModelRows } from './rows.ts';
import type { SubModel } from './types.ts';

export const SUB_MODELS: readonly SubModel[] = subModelRows(table.rows as unknown as readonly SubModelRow[]);
