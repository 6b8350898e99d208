-- E-mail through a real SMTP server goes through this table: the product's send writes a row (and a 'mail.send'
-- job) and returns; the job runner delivers it, again later while the server is down, so a message is never lost
-- with a request, and never sent twice (a row that is 'sent' is not sent again; its Message-ID is fixed at insert).
CREATE TABLE mail_queue (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  message_id text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX mail_queue_open ON mail_queue (created_at) WHERE status = 'pending';
