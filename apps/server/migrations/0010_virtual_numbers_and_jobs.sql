-- Virtual numbers and scheduled jobs (after-save-area.md §4 "Virtual number checkbox", §7 add
-- virtual phone, §9 "Virtual number re-enabled 48 hours after cancelling"). Scheduled work lives in the database.

-- A customer's virtual number: a 07x number of the provider that forwards every call to one of the customer's
-- verified numbers. One per (customer, number); the virtual number itself belongs to nobody else. It goes with
-- the verified number (a removed customer_phones row removes it).
CREATE TABLE virtual_phones (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL,
  phone text NOT NULL,
  virtual_phone text NOT NULL UNIQUE CHECK (virtual_phone ~ '^07[0-9]{8}$'),
  created_at timestamptz NOT NULL,
  UNIQUE (customer_id, phone),
  FOREIGN KEY (customer_id, phone) REFERENCES customer_phones (customer_id, phone) ON DELETE CASCADE
);

-- The sandbox provider's pool: every virtual number it handed out and where it forwards (SMS_PROVIDER=sandbox).
CREATE TABLE sandbox_virtual_numbers (
  virtual_phone text PRIMARY KEY,
  forward_to text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- When the advertiser cancelled the ad's virtual number (virtual_num_canceled '1'); null while it is on.
ALTER TABLE ads ADD COLUMN virtual_canceled_at timestamptz;

-- Scheduled work of every server process (the virtual-number re-enable, later the auto-bump). A job is claimed
-- atomically (FOR UPDATE SKIP LOCKED) and leased until locked_until, so two processes never run it at once; a
-- lease that runs out (the process died) makes it due again. dedupe_key: at most one open job per (kind, key).
CREATE TABLE scheduled_jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  dedupe_key text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX scheduled_jobs_due ON scheduled_jobs (run_at) WHERE status IN ('pending', 'running');
CREATE UNIQUE INDEX scheduled_jobs_open_key ON scheduled_jobs (kind, dedupe_key)
  WHERE dedupe_key IS NOT NULL AND status IN ('pending', 'running');
