import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import { RegistryUnavailable, VehicleNotInCatalogue, type VehicleRegistry } from './registry-provider.ts';

/**
 * Our own {gateway} services: the vehicle registry's licence-plate search, answered by the configured registry
 * (outside-services.ts). GATEWAY_URL moves them elsewhere.
 */
export function gatewayRoutes(app: FastifyInstance, deps: { registry: VehicleRegistry }): void {
  app.get<{ Querystring: { licensePlate?: string } }>('/gateway/car-data-gov', async (req, reply) => {
    const digits = (req.query.licensePlate ?? '').replace(/\D/g, '');
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
    return { status: 200, data: { data: result } };
  });
}
