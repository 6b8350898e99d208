import { subModelsOf } from '@app/catalog/vehicles/lookup';
import type { CarSubModelCounts, CarSubModelsResponse } from '@app/contract/publish';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import { listOptions, wireOptions } from './option-lists.ts';

const PAGE = 5;

/** How many times each value occurs, in the order of first occurrence. */
function countsOf(values: readonly string[]): CarSubModelCounts {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** Dependent option lists (a field's dataUrl) and the car sub-model list, 5 at a time. */
export function publishOptionRoutes(app: FastifyInstance): void {
  app.get<{ Params: { listId: string }; Querystring: Record<string, string | undefined> }>(
    '/api/publish/options/:listId',
    async (req, reply) => {
      const options = listOptions(req.params.listId, req.query);
      if (options === undefined) return reply.code(404).send({ status: 404, message: he.notFound, data: [] });
      return { data: wireOptions(options) };
    },
  );

  app.post('/api/publish/get-car-submodels', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const model = Number(body.model);
    const year = Number(body.year);
    const offset = Number(body.offset ?? 0);
    if (!Number.isInteger(model) || !Number.isInteger(year) || !Number.isInteger(offset) || offset < 0) {
      return reply.code(400).send({ status: 400, message: he.badRequest });
    }
    const all = subModelsOf(model, year);
    const page = all.slice(offset, offset + PAGE);
    const answer: CarSubModelsResponse = [
      page,
      {
        total: all.length,
        offset,
        hasMore: offset + PAGE < all.length,
        gearBox: countsOf(all.map((s) => s.GearTitle)),
        engineType: countsOf(all.map((s) => s.engineType)),
        numDoors: countsOf(all.map((s) => String(s.Door))),
      },
    ];
    return answer;
  });
}
