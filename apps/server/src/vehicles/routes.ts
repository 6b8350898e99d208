import { RefusalSchema } from '@app/contract/schemas/common';
import { PlateNotInCatalogueSchema, PlateQuerySchema, PlateResponseSchema } from '@app/contract/schemas/vehicles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import { RegistryUnavailable, VehicleNotInCatalogue, type VehicleRegistry } from './registry-provider.ts';

/**
 * Our own {gateway} services: the vehicle registry's licence-plate search, answered by the configured registry
 * (outside-services.ts). GATEWAY_URL moves them elsewhere.
 */
export function gatewayRoutes(app: FastifyInstance, deps: { registry: VehicleRegistry }): void {
  const plateSchema = {
    summary: 'חיפוש רכב לפי מספר רישוי',
    querystring: PlateQuerySchema,
    response: { 200: PlateResponseSchema, 404: RefusalSchema, 422: PlateNotInCatalogueSchema, 503: RefusalSchema },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/gateway/car-data-gov', { schema: plateSchema }, async (req, reply) => {
    const plate = req.query.licensePlate;
    const digits = (typeof plate === 'string' ? plate : '').replace(/\D/g, '');
    let result: Awaited<ReturnType<VehicleRegistry['findPlate']>> = null;
    try {
      result = digits.length >= 7 && digits.length <= 8 ? await deps.registry.findPlate(digits) : null;
    } catch (err) {
      if (err instanceof VehicleNotInCatalogue) {
        return reply.code(422).send({ status: 422, reason: 'notInCatalogue', message: he.plateNotInCatalogue });
      }
      if (err instanceof RegistryUnavailable) {
        req.log.warn({ reason: err.message }, 'vehicle registry unavailable');
        return reply.code(503).header('retry-after', '30').send({ status: 503, message: he.plateRegistryDown });
      }
      throw err;
    }
    if (!result) return reply.code(404).send({ status: 404, message: he.plateNotFound });
    return { status: 200 as const, data: { data: result } };
  });
}
