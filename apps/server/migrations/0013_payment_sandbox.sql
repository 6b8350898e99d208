-- The payment provider's local sandbox: it keeps state and enforces the real provider's rules.
-- PAYMENT_PROVIDER=sandbox only; a real provider keeps its own state.

-- One hosted payment session, as the provider sees it: what the merchant asked for and where it stands.
CREATE TABLE sandbox_payment_sessions (
  id text PRIMARY KEY,
  merchant_ref text NOT NULL,
  amount_agorot integer NOT NULL CHECK (amount_agorot > 0),
  description text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('creditCard', 'bit', 'phone')),
  success_url text NOT NULL,
  failure_url text NOT NULL,
  notify_url text NOT NULL,
  -- The merchant's key: creating again with it answers the same session.
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'challenge', 'paid', 'declined', 'cancelled')),
  -- The 3-D-Secure-style one-time code (shown in the sandbox admin view) while status is 'challenge'.
  challenge_code text,
  -- The test card's notification behaviour: normal, slow (late) or lost (never sent).
  notify_mode text NOT NULL DEFAULT 'normal' CHECK (notify_mode IN ('normal', 'slow', 'lost')),
  card_last4 text,
  installments integer,
  decline_reason text,
  -- The mobile-payment approval link's secret (the QR code's URL).
  approval_token text NOT NULL,
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX sandbox_payment_sessions_created ON sandbox_payment_sessions (created_at DESC);

-- Every notification the sandbox sent (or will send) to the merchant, with each attempt's outcome.
CREATE TABLE sandbox_payment_deliveries (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL UNIQUE,
  session_id text NOT NULL REFERENCES sandbox_payment_sessions (id) ON DELETE CASCADE,
  kind text NOT NULL,
  url text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'dropped')),
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz
);
CREATE INDEX sandbox_payment_deliveries_session ON sandbox_payment_deliveries (session_id);

-- The failures a developer or a test switches on in the admin view (one row per switch).
CREATE TABLE sandbox_payment_switches (
  name text PRIMARY KEY,
  enabled boolean NOT NULL
);
