import { subModelsOf } from '@app/catalog/vehicles/lookup';
import {
  CarSubModelsRefusalSchema,
  CarSubModelsRequestSchema,
  CarSubModelsResponseSchema,
  NoOptionsSchema,
  OptionsParamsSchema,
  OptionsQuerySchema,
  OptionsResponseSchema,
} from '@app/contract/schemas/publish';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import { listOptions, wireOptions } from './option-lists.ts';
import { readSubModelFilters, subModelsAnswer } from './sub-models.ts';

/** Dependent option lists (a field's dataUrl) and the car sub-model list, 5 at a time, narrowed by its filters. */
export function publishOptionRoutes(app: FastifyInstance): void {
  const optionsSchema = {
    summary: 'רשימת אפשרויות תלויה של שדה',
    params: OptionsParamsSchema,
    querystring: OptionsQuerySchema,
    response: { 200: OptionsResponseSchema, 404: NoOptionsSchema },
  };
  app.get<{ Params: { listId: string }; Querystring: Record<string, string | undefined> }>(
    '/api/publish/options/:listId',
    { schema: optionsSchema },
    async (req, reply) => {
      const options = listOptions(req.params.listId, req.query);
      if (options === undefined) return reply.code(404).send({ status: 404, message: he.notFound, data: [] });
      return { data: wireOptions(options) };
    },
  );

  const subModelsSchema = {
    summary: 'דגמי המשנה של דגם ושנה, חמישה בכל פעם, לפי המסננים',
    body: CarSubModelsRequestSchema,
    response: { 200: CarSubModelsResponseSchema, 400: CarSubModelsRefusalSchema },
  };
  app.post('/api/publish/get-car-submodels', { schema: subModelsSchema }, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const model = Number(body.model);
    const year = Number(body.year);
    const offset = Number(body.offset ?? 0);
    if (!Number.isInteger(model) || !Number.isInteger(year) || !Number.isInteger(offset) || offset < 0) {
      return reply.code(400).send({ status: 400, message: he.badRequest });
    }
    const filters = readSubModelFilters(body);
    if (!filters.ok) {
      return reply.code(400).send({
        status: 400,
        message: he.subModelFilterInvalid,
        errors: { [filters.field]: he.subModelFilterInvalid },
      });
    }
    return subModelsAnswer(subModelsOf(model, year), filters.filters, offset);
  });
}
