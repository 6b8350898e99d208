import {
  MissingAddressRefusalSchema,
  MissingAddressRequestSchema,
  MissingAddressResponseSchema,
} from '@app/contract/schemas/missingAddress';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import { recordLead } from '../leads/record-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { insertMissingAddress } from './missing-address-repository.ts';
import { readMissingAddress } from './missing-address-service.ts';

/** Reports from one address (a person reports a few; a script is stopped). */
const REPORTS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

/**
 * POST /api/publish/missing-address {settlement, street, houseNumber} → {success: boolean} (spec §7): a street
 * the user did not find in the list is kept for a person to review. 400 {success: false, errors} when the
 * settlement is missing or a value is too long; 429 {success: false} when one address reports too often.
 */
export function missingAddressRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; limiter: RateLimiter }) {
  const { db, clock, limiter } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/publish/missing-address',
    {
      schema: {
        summary: 'דיווח על כתובת חסרה',
        description: 'ישוב (חובה), רחוב ומספר בית שלא נמצאו ברשימה, לבדיקה של נציג; עד 20 דיווחים בשעה מכל כתובת.',
        body: MissingAddressRequestSchema,
        response: {
          200: MissingAddressResponseSchema,
          400: MissingAddressRefusalSchema,
          429: MissingAddressRefusalSchema,
        },
      },
      // A body that is not a form names no settlement: the form's own answer.
      config: {
        invalidInput: () => ({
          status: 400,
          body: {
            success: false,
            errors: { settlement: he.missingAddressSettlementRequired },
            message: he.fieldErrors,
          },
        }),
      },
    },
    async (req, reply) => {
      const check = readMissingAddress(req.body);
      if (!check.ok) return reply.code(400).send({ success: false, errors: check.errors, message: he.fieldErrors });
      const { count } = await limiter.hit(`missing-address:ip:${req.ip}`, HOUR_MS);
      if (count > REPORTS_PER_HOUR) {
        return reply.code(429).send({ success: false, message: he.missingAddressFailed });
      }
      const customer = await req.customer();
      const reportId = await insertMissingAddress(
        db,
        { ...check.value, customerId: customer?.id ?? null },
        clock.now(),
      );
      await recordLead(db, clock.now(), { kind: 'missing-address', source: reportId, ...check.value });
      return { success: true as const };
    },
  );
}
