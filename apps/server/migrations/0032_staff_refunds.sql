-- Refunds finance staff make in the console (finance/): a paid payment refunded in full or in part, through the
-- payment provider's refund call, once per idempotency key (the console's form sends one key per refund it shows:
-- a double press answers the same refund). Never more than was paid: the payment row is locked while the sum of its
-- refunds (these and the automatic one of migration 0027) is checked.
--   status: pending (decided, the provider not confirmed yet; a 'payments.staff-refund' job retries), refunded.
CREATE TABLE staff_refunds (
  id bigserial PRIMARY KEY,
  payment_id bigint NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  amount_agorot integer NOT NULL CHECK (amount_agorot > 0),
  reason text NOT NULL,
  staff_id bigint NOT NULL REFERENCES staff (id),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'refunded')),
  provider_refund_id text,
  created_at timestamptz NOT NULL,
  refunded_at timestamptz
);
CREATE INDEX staff_refunds_payment ON staff_refunds (payment_id);

-- The console's payment list: newest first by status, and by day for the daily totals.
CREATE INDEX payments_by_status_time ON payments (status, created_at DESC, id DESC);
CREATE INDEX payments_paid_at ON payments (paid_at) WHERE status = 'paid';
