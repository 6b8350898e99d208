/**
 * POST /api/publish/policy-check (ours): what the server knows about an ad's free text before it is
 * saved — the banned words that will keep it from going live (publish-save's hasWordBlocked), and a live ad of the
 * same customer (active or pending, same category) whose text nearly repeats this one. The browser shows both as
 * warnings at the step where the text is typed; phone numbers, e-mails and links it finds itself
 * (apps/web/src/features/wizard/policy/detect.ts). The customer's own ads only (a guest: 422); POST, so the CSRF check applies.
 */
import type { PolicyCheckResponse } from '@app/contract/policyCheck';
import type { FastifyInstance } from 'fastify';
import { bannedWordsIn } from '../ads/ads-repository.ts';
import { adNumber } from '../ads/own-ad.ts';
import { requireCustomer } from '../catalogue/steps-routes.ts';
import type { Db } from '../platform/db/db.ts';
import { freeText } from './free-text.ts';
import { isNearRepeat, wordsOf } from './similarity.ts';

const policyHe = { badRequest: 'פרטי הבדיקה אינם תקינים' } as const;

const MAX_KEYS = 10;
const MAX_TEXT = 5000;
/** The customer's live ads compared (the newest first): a customer with more is a trader with a package. */
const MAX_COMPARED = 300;

export function policyRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  app.post('/api/publish/policy-check', async (req, reply) => {
    const customer = await requireCustomer(req, reply);
    if (!customer) return reply;
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    // A category is a small number (ads.cat is an integer column: a 15-digit one would fail in the database).
    const catText = String(body.CatID ?? '');
    const cat = /^\d{1,4}$/.test(catText) ? Number(catText) : 0;
    const own = adNumber(String(body.OrderID ?? ''));
    const texts = body.texts;
    const entries =
      texts && typeof texts === 'object' && !Array.isArray(texts) ? Object.entries(texts as object) : null;
    const valid =
      cat > 0 &&
      entries !== null &&
      entries.length <= MAX_KEYS &&
      entries.every(([k, v]) => /^\w{1,40}$/.test(k) && typeof v === 'string' && v.length <= MAX_TEXT);
    if (!valid || !entries) return reply.code(400).send({ status: 400, message: policyHe.badRequest });
    const keys = new Set(entries.map(([k]) => k));
    const text = freeText(Object.fromEntries(entries), keys);
    const blockedWords = await bannedWordsIn(db, text);

    const mine = wordsOf(text);
    let duplicateOf: number | null = null;
    if (mine.size > 0) {
      // ads_live_by_customer (customer_id, status, ends_at) finds them; a customer's live ads are few.
      const rows = await db.query<{ id: string; field_values: Record<string, unknown> }>(
        `SELECT id, field_values FROM ads
         WHERE customer_id = $1 AND status IN ('active', 'pending') AND cat = $2 AND id <> $3
         ORDER BY bumped_at DESC NULLS LAST LIMIT ${MAX_COMPARED}`,
        [customer.id, cat, own],
      );
      const hit = rows.find((r) => isNearRepeat(mine, wordsOf(freeText(r.field_values, keys))));
      duplicateOf = hit ? Number(hit.id) : null;
    }
    return { status: 200, blockedWords, duplicateOf } satisfies PolicyCheckResponse;
  });
}
