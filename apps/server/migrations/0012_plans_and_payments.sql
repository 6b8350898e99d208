-- Plans, payment and the finish (after-save-area.md §3-§4). Money is kept in agorot, every charge idempotent.
-- An ad leaves 'draft' only through its plan: a free track or a package ad finishes it (finish-publish); a paid
-- track finishes it when the provider's signed notification is checked and the provider's own result agrees.
--   pending:      finished, waiting for review (a second-hand trader, spec §4 "Payment result")
--   active:       live until ends_at
--   out_of_slots: finished, but the trader's package has no ads left or expired
--   expired:      was live, ends_at passed
ALTER TABLE ads DROP CONSTRAINT ads_status_check;
ALTER TABLE ads ADD CONSTRAINT ads_status_check
  CHECK (status IN ('reserved', 'draft', 'blocked', 'pending', 'active', 'out_of_slots', 'expired', 'deleted'));
-- The chosen track (spec ad type: Free, VIP, …) once the ad is finished.
ALTER TABLE ads ADD COLUMN ad_type text;
ALTER TABLE ads ADD COLUMN published_at timestamptz;
ALTER TABLE ads ADD COLUMN ends_at timestamptz;
-- The ad's place in listings: published_at, then every bump (auto-bump moves it up).
ALTER TABLE ads ADD COLUMN bumped_at timestamptz;
CREATE INDEX ads_live_by_customer ON ads (customer_id, status, ends_at);

-- One payment of one customer: a track for an ad, an auto-bump week, or a package. Amounts in agorot.
-- idempotency_key: the browser's key of one press of "pay"; a double click or a retry finds the same row.
CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  -- The random id in return URLs and the provider's merchant reference (never the serial id).
  public_id text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  ad_id bigint REFERENCES ads (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('track', 'auto_bump', 'package')),
  ad_type text NOT NULL,
  days integer NOT NULL DEFAULT 0,
  amount_agorot integer NOT NULL CHECK (amount_agorot > 0),
  channel text NOT NULL CHECK (channel IN ('creditCard', 'bit', 'phone')),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed', 'cancelled')),
  idempotency_key text NOT NULL,
  provider text NOT NULL,
  provider_session_id text UNIQUE,
  hosted_url text,
  failure_reason text,
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  failed_at timestamptz,
  UNIQUE (customer_id, idempotency_key)
);
CREATE INDEX payments_by_ad ON payments (ad_id, status);
CREATE INDEX payments_open ON payments (status, created_at) WHERE status = 'created';

-- Every provider notification processed, by its event id: a replay or a second delivery does nothing.
CREATE TABLE payment_events (
  event_id text PRIMARY KEY,
  payment_id bigint REFERENCES payments (id) ON DELETE CASCADE,
  kind text NOT NULL,
  received_at timestamptz NOT NULL
);
