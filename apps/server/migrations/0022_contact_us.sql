-- Contact-us messages (after-save-area.md §3 "Contact-us form data", §7 contact-us/save). Every
-- message is kept here first, then mailed to the support address (SUPPORT_EMAIL; the sandbox outbox by default);
-- mailed_at stays NULL when the mail could not be sent, so support finds it here anyway.
-- customer_id is the session's customer (never read from the body), NULL for a visitor.
CREATE TABLE contact_us_messages (
  id bigserial PRIMARY KEY,
  subject text NOT NULL,
  description text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  submailto smallint CHECK (submailto BETWEEN 1 AND 4),
  customer_id bigint REFERENCES customers (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  mailed_at timestamptz
);

CREATE INDEX contact_us_messages_created ON contact_us_messages (created_at);
