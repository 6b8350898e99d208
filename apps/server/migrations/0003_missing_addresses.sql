-- Addresses that users did not find in the street list (spec: the missing-address form). Each report waits
-- here for a person to check it against the official lists: status 'new', then 'added' or 'rejected'.
-- Review: SELECT * FROM missing_addresses WHERE status = 'new' ORDER BY created_at;
CREATE TABLE missing_addresses (
  id bigserial PRIMARY KEY,
  settlement text NOT NULL,
  -- The official locality code when the settlement was recognised (a code or an exact name).
  settlement_code integer,
  street text NOT NULL DEFAULT '',
  house_number text NOT NULL DEFAULT '',
  customer_id bigint REFERENCES customers (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'added', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX missing_addresses_review ON missing_addresses (status, created_at);
