import type { Queryable } from '../platform/db/db.ts';
import type { ContactUsMessage } from './form.ts';

/** Keeps a contact-us message (customerId: the session's, null for a visitor); returns its id. */
export async function insertContactUsMessage(
  db: Queryable,
  message: ContactUsMessage,
  customerId: number | null,
  now: Date,
): Promise<number> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO contact_us_messages (subject, description, email, phone, submailto, customer_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [message.subject, message.description, message.email, message.phone, message.submailto, customerId, now],
  );
  if (!row) throw new Error('contact-us insert returned nothing');
  return Number(row.id);
}

/** Marks a message as mailed to support. */
export async function markContactUsMailed(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query('UPDATE contact_us_messages SET mailed_at = $2 WHERE id = $1', [id, now]);
}
