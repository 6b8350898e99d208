/** The captchas table: SQL only (captcha-service.ts issues and checks them). */
import type { Queryable } from '../platform/db/db.ts';

export async function insertCaptcha(
  db: Queryable,
  c: { id: string; answer: string; svg: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO captchas (id, answer, svg, expires_at) VALUES ($1, $2, $3, $4)', [
    c.id,
    c.answer,
    c.svg,
    c.expiresAt,
  ]);
}

/** The image of an unused captcha not expired at `now`, or null. */
export async function captchaImage(db: Queryable, id: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ svg: string }>(
    'SELECT svg FROM captchas WHERE id = $1 AND used = false AND expires_at > $2',
    [id, now],
  );
  return row?.svg ?? null;
}

/** Uses up an unused captcha not expired at `now`: its answer, or null (once only, whoever asks first). */
export async function useCaptcha(db: Queryable, id: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ answer: string }>(
    'UPDATE captchas SET used = true WHERE id = $1 AND used = false AND expires_at > $2 RETURNING answer',
    [id, now],
  );
  return row?.answer ?? null;
}
