/**
 * Vehicle makes sold in Israel (the rows: data/vehicles/manufacturers.json). Which sub-categories a make appears in is not stored here: it follows from its
 * models (a make is listed under a sub-category when it has models there), see lookup.ts manufacturersFor.
 * registryName is the registry's tozeret_nm style (maker + country of manufacture, truncated like the registry);
 * registryCode (tozeret_cd) is invented for this sample.
 */
import table from '../../data/vehicles/manufacturers.json' with { type: 'json' };
import type { Manufacturer } from './types.ts';

/** [id, name, nameEn, country, registryName, registryCode] */
type ManufacturerRow = readonly [number, string, string, string, string, number];

export const MANUFACTURERS: readonly Manufacturer[] = (table.rows as unknown as readonly ManufacturerRow[]).map(
  ([id, name, nameEn, country, registryName, registryCode]) => ({
    id,
    name,
    nameEn,
    country,
    registryName,
    registryCode,
  }),
);
