import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import type { VehicleRegistry } from './registry.ts';

/**
 * Our own {gateway} services: the vehicle registry's licence-plate search, answered by the configured registry
 * (outside-services.ts). GATEWAY_URL moves them elsewhere.
 */
export function gatewayRoutes(app: FastifyInstance, deps: { registry: VehicleRegistry }): void {
  app.get<{ Querystring: { licensePlate?: string } }>('/gateway/car-data-gov', async (req, reply) => {
    const digits = (req.query.licensePlate ?? '').replace(/\D/g, '');
    const result = digits.length >= 7 && digits.length <= 8 ? await deps.registry.findPlate(digits) : null;
    if (!result) return reply.code(404).send({ status: 404, message: he.plateNotFound });
    return { status: 200, data: { data: result } };
  });
}
