-- A card the payer agreed to keep, for a later charge without the payer (EasyStart's free week is charged when it
-- ends). The payment sandbox keeps it as a real provider does: a token on the paid session, the card's last four
-- digits and expiry, and the charges made with the token, one per idempotency key.
ALTER TABLE sandbox_payment_sessions ADD COLUMN save_card boolean NOT NULL DEFAULT false;
-- A session that only checks and keeps the card charges nothing.
ALTER TABLE sandbox_payment_sessions DROP CONSTRAINT sandbox_payment_sessions_amount_agorot_check;
ALTER TABLE sandbox_payment_sessions
  ADD CONSTRAINT sandbox_payment_sessions_amount_agorot_check CHECK (amount_agorot > 0 OR save_card);
ALTER TABLE sandbox_payment_sessions ADD COLUMN card_token text UNIQUE;
ALTER TABLE sandbox_payment_sessions ADD COLUMN card_expiry text;

CREATE TABLE sandbox_card_charges (
  id text PRIMARY KEY,
  token text NOT NULL,
  merchant_ref text NOT NULL,
  amount_agorot integer NOT NULL CHECK (amount_agorot > 0),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('paid', 'declined')),
  decline_reason text,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_card_charges_token ON sandbox_card_charges (token);
