import { findPlate } from '@app/catalog/vehicles/lookup';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';

/**
 * Our own {gateway} services: the vehicle registry's licence-plate search, served from
 * the sample registry of the catalogue. GATEWAY_URL moves them elsewhere.
 */
export function gatewayRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { licensePlate?: string } }>('/gateway/car-data-gov', async (req, reply) => {
    const digits = (req.query.licensePlate ?? '').replace(/\D/g, '');
    const result = digits.length >= 7 && digits.length <= 8 ? findPlate(digits) : null;
    if (!result) return reply.code(404).send({ status: 404, message: he.plateNotFound });
    return { status: 200, data: { data: result } };
  });
}
