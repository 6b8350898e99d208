-- Phone numbers and their verification (after-save-area.md §4 "Phone confirmation").

-- The numbers a customer has confirmed (by SMS code or voice call). Another customer may confirm the same number
-- for themselves (a family phone); each row belongs to one customer and only they see or change it.
CREATE TABLE customer_phones (
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  phone text NOT NULL CHECK (phone ~ '^0[0-9]{8,9}$'),
  verified_at timestamptz NOT NULL,
  is_main boolean NOT NULL DEFAULT false,
  deactivated boolean NOT NULL DEFAULT false,
  PRIMARY KEY (customer_id, phone)
);

-- One code sent (SMS) or read out (voice call). Only an HMAC of the code is kept; a code is used once
-- (consumed_at), for at most 5 attempts, within 10 minutes.
CREATE TABLE phone_verifications (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  phone text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('sms', 'ivr')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  is_main boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  confirmed_at timestamptz
);
CREATE INDEX phone_verifications_customer_phone ON phone_verifications (customer_id, phone, id DESC);

-- Numbers that may not be verified (fraud, complaints); customer service removes them.
CREATE TABLE blocked_phones (
  phone text PRIMARY KEY,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A test number that is always blocked, so the "blocked" answer can be tried locally and in tests.
INSERT INTO blocked_phones (phone, reason) VALUES ('0509999999', 'test number: always blocked');

-- The SMS/voice sandbox: every SMS and call "sent", and the failure switch tests turn on. Used only with
-- SMS_PROVIDER=sandbox; readable only with the sandbox key.
CREATE TABLE sandbox_phone_outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sms', 'call')),
  to_phone text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('delivered', 'queued', 'ringing', 'answered', 'rejected')),
  verification_id bigint REFERENCES phone_verifications (id) ON DELETE SET NULL,
  pressed text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_phone_outbox_to ON sandbox_phone_outbox (to_phone, id DESC);

CREATE TABLE sandbox_phone_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  sms_failure text NOT NULL DEFAULT 'none' CHECK (sms_failure IN ('none', 'fail', 'late'))
);
INSERT INTO sandbox_phone_settings (id, sms_failure) VALUES (1, 'none');
