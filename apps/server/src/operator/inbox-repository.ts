/** The contact-us inbox (migration 0033): the messages by status, newest first, and support's answer to one. */
import type { InboxMessage, InboxStatus } from '@app/contract/operator';
import type { Queryable } from '../platform/db/db.ts';

interface Row {
  id: string;
  subject: string;
  description: string;
  email: string;
  phone: string;
  customer_id: string | null;
  status: InboxStatus;
  created_at: Date;
  reply_text: string | null;
  replied_at: Date | null;
  replied_by_email: string | null;
}

const SELECT = `SELECT m.id, m.subject, m.description, m.email, m.phone, m.customer_id, m.status, m.created_at,
    m.reply_text, m.replied_at, s.email AS replied_by_email
  FROM contact_us_messages m LEFT JOIN staff s ON s.id = m.replied_by`;

const toMessage = (r: Row): InboxMessage => ({
  id: Number(r.id),
  subject: r.subject,
  description: r.description,
  email: r.email,
  phone: r.phone,
  customerId: r.customer_id === null ? null : Number(r.customer_id),
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  replyText: r.reply_text,
  repliedAt: r.replied_at ? new Date(r.replied_at).toISOString() : null,
  repliedBy: r.replied_by_email,
});

export const INBOX_PAGE = 30;

export async function listInbox(
  db: Queryable,
  q: { status: InboxStatus; before?: number | undefined },
): Promise<{ messages: InboxMessage[]; counts: Record<InboxStatus, number> }> {
  const rows = await db.query<Row>(
    `${SELECT} WHERE m.status = $1 AND ($2::bigint IS NULL OR m.id < $2) ORDER BY m.id DESC LIMIT ${INBOX_PAGE}`,
    [q.status, q.before ?? null],
  );
  const counts = await db.query<{ status: InboxStatus; n: number }>(
    'SELECT status, count(*)::int AS n FROM contact_us_messages GROUP BY status',
  );
  return {
    messages: rows.map(toMessage),
    counts: { new: 0, replied: 0, closed: 0, ...Object.fromEntries(counts.map((c) => [c.status, c.n])) },
  };
}

export async function findInboxMessage(db: Queryable, id: number): Promise<InboxMessage | null> {
  const [row] = await db.query<Row>(`${SELECT} WHERE m.id = $1`, [id]);
  return row ? toMessage(row) : null;
}

/** Moves a waiting message to replied (with the reply) or closed; false when it was not waiting any more. */
export async function answerInboxMessage(
  db: Queryable,
  id: number,
  answer: { status: 'replied' | 'closed'; text: string | null; staffId: number },
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE contact_us_messages SET status = $2, reply_text = $3, replied_by = $4, replied_at = $5
     WHERE id = $1 AND status = 'new' RETURNING id`,
    [id, answer.status, answer.text, answer.staffId, now],
  );
  return rows.length === 1;
}
