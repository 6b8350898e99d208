-- The contact-us inbox in the console (operator/inbox-*): each message's status, and support's reply (mailed to the
-- address the message gave). new: waiting; replied: answered from the console (once: a second press sends
-- nothing); closed: nothing to answer (spam, a duplicate).
ALTER TABLE contact_us_messages
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'replied', 'closed')),
  ADD COLUMN reply_text text,
  ADD COLUMN replied_by bigint REFERENCES staff (id),
  ADD COLUMN replied_at timestamptz;
CREATE INDEX contact_us_messages_status ON contact_us_messages (status, id DESC);
