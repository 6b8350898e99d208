-- Automatic refunds (payments/refunds.ts): a paid payment that delivered nothing (fulfilment 'refund_due') is
-- refunded through the provider's refund call, exactly once.
--   refund_status: NULL (no refund), 'pending' (decided, in the transaction that recorded the payment paid, with a
--   'payments.refund' job that retries until the provider confirms), 'refunded' (the provider confirmed).
--   refund_key: the idempotency key sent to the provider; a retry after a crash between the provider's answer and
--   our write sends the same key, and the provider answers the refund it made, never a second one.
ALTER TABLE payments
  ADD COLUMN refund_status text CHECK (refund_status IN ('pending', 'refunded')),
  ADD COLUMN refund_key text UNIQUE,
  ADD COLUMN provider_refund_id text,
  ADD COLUMN refunded_agorot integer,
  ADD COLUMN refunded_at timestamptz;
CREATE INDEX payments_refund_pending ON payments (id) WHERE refund_status = 'pending';

-- The payment sandbox's refunds (the provider's side): never more than was charged, one per idempotency key.
CREATE TABLE sandbox_payment_refunds (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sandbox_payment_sessions (id) ON DELETE CASCADE,
  amount_agorot integer NOT NULL CHECK (amount_agorot > 0),
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_payment_refunds_session ON sandbox_payment_refunds (session_id);
ALTER TABLE sandbox_payment_sessions ADD COLUMN refunded_agorot integer NOT NULL DEFAULT 0;
