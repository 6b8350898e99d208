/**
 * POST /api/publish/policy-check (ours): what the server knows about an ad's free text before it is
 * saved — the banned words that will keep it from going live (publish-save's hasWordBlocked), and a live ad of the
 * same customer (active or pending, same category) whose text nearly repeats this one. The browser shows both as
 * warnings at the step where the text is typed; phone numbers, e-mails and links it finds itself
 * (apps/web/src/features/wizard/policy/detect.ts). The customer's own ads only (a guest: 422); POST, so the CSRF check applies.
 */
import { RefusalSchema } from '@app/contract/schemas/common';
import { PolicyCheckRequestSchema, PolicyCheckResponseSchema } from '@app/contract/schemas/policy';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bannedWordsIn, liveAdValuesOf } from '../ads/ads-repository.ts';
import { adNumber } from '../ads/own-ad.ts';
import { he } from '../i18n/messages.ts';
import type { Db } from '../platform/db/db.ts';
import { refuseWith } from '../platform/http/call-contract.ts';
import { freeText } from './free-text.ts';
import { isNearRepeat, wordsOf } from './similarity.ts';

/** The customer's live ads compared (the newest first): a customer with more is a trader with a package. */
const MAX_COMPARED = 300;

export function policyRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/publish/policy-check',
    {
      schema: {
        summary: 'בדיקת המדיניות של טקסט המודעה לפני השמירה',
        body: PolicyCheckRequestSchema,
        response: { 200: PolicyCheckResponseSchema, 422: RefusalSchema },
      },
      preValidation: app.customerOnly,
      config: { invalidInput: refuseWith(he.policyBadRequest) },
    },
    async (req) => {
      const customer = await req.guardedCustomer();
      const { CatID, OrderID, texts } = req.body;
      const cat = Number(CatID);
      const own = adNumber(OrderID ?? '');
      const keys = new Set(Object.keys(texts));
      const text = freeText(texts, keys);
      const blockedWords = await bannedWordsIn(db, text);

      const mine = wordsOf(text);
      let duplicateOf: number | null = null;
      if (mine.size > 0) {
        // ads_live_by_customer (customer_id, status, ends_at) finds them; a customer's live ads are few.
        const ads = await liveAdValuesOf(db, { customerId: customer.id, cat, exceptOrderId: own, limit: MAX_COMPARED });
        const hit = ads.find((a) => isNearRepeat(mine, wordsOf(freeText(a.values, keys))));
        duplicateOf = hit ? hit.orderId : null;
      }
      return { status: 200 as const, blockedWords, duplicateOf };
    },
  );
}
