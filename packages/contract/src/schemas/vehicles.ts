/**
 * Our own {gateway} vehicle services (after-save-area.md §3, publish-wizard.md §7): the licence-plate search and the
 * price suggestion. Types in ../publish.ts. Their queries stay text as the wizard sends them (a repeated parameter
 * too): the route reads them and answers its own Hebrew message.
 */
import { z } from 'zod';

/** A query parameter as it arrives: text, or a list when repeated. */
const queryValue = z.union([z.string(), z.array(z.string())]).optional();

/** GET {gateway}/car-data-gov?licensePlate=: 7 or 8 digits (dashes and spaces allowed). */
export const PlateQuerySchema = z.object({ licensePlate: queryValue });

/** after-save-area.md "Licence-plate result". */
export const LicencePlateResultSchema = z.object({
  carTitle: z.string(),
  subModelTitle: z.string(),
  typeId: z.number().int(),
  subModelId: z.number().int(),
  carYear: z.number().int(),
  carHand: z.number().int(),
  subSubModelVal: z.number().int(),
  modelId: z.number().int(),
  yad2CarColorGroupID: z.number().int(),
  yad2CarColorID: z.number().int(),
  DateOnRoad: z.string(),
  tokefTestDate: z.string(),
  owner: z.string(),
  manufacturerId: z.number().int(),
});

export const PlateResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ data: LicencePlateResultSchema }),
});

/** 422: the registry knows the vehicle but our catalogue has not its model. */
export const PlateNotInCatalogueSchema = z.object({
  status: z.literal(422),
  reason: z.literal('notInCatalogue'),
  message: z.string(),
});

/** GET {gateway}/price-list/calculate-price: the spec's query. */
export const PriceQuerySchema = z.object({
  subModelId: queryValue,
  ascentYearOnRoad: queryValue,
  ascentMonthOnRoad: queryValue,
  kilometers: queryValue,
  ownersNumber: queryValue,
});

export const PriceResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({
    data: z.object({ minPrice: z.number(), maxPrice: z.number(), predictedPrice: z.number() }),
  }),
});

/** 400: a query the price list cannot answer, with the field it names. */
export const PriceRefusalSchema = z.object({ status: z.literal(400), message: z.string(), field: z.string() });
