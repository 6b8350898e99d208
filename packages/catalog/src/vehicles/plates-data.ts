/**
 * The raw rows of the sample licence-plate registry: 250 invented plates, generated once with a seeded PRNG and
 * written out literally (data/vehicles/plates.json) so the data never shifts when the catalogue grows. plates.ts joins each row to the
 * catalogue to produce registry-style records. Plates have 8 digits for vehicles made from 2017 on, 7 before.
 */
import table from '../../data/vehicles/plates.json' with { type: 'json' };
import type { RegistryOwnership } from './types.ts';

/** [mispar_rechev, subModelId, shnat_yitzur, colorId, moed_aliya_lakvish, tokef_dt, baalut, carHand, degem_nm] */
export type PlateRow = readonly [number, number, number, number, string, string, RegistryOwnership, number, string];

export const PLATE_ROWS: readonly PlateRow[] = table.rows as unknown as readonly PlateRow[];
