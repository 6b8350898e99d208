-- Ads (orders). OrderID is the row id; RecordID is the ad's public number. Values are the definition's
-- field ids to the values the server accepted (validated against the catalogue).
CREATE SEQUENCE ad_record_seq START 50000001;

CREATE TABLE ads (
  id bigserial PRIMARY KEY,
  record_id bigint NOT NULL UNIQUE DEFAULT nextval('ad_record_seq'),
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  cat integer NOT NULL,
  subcat integer,
  selectors jsonb NOT NULL DEFAULT '{}'::jsonb,
  field_values jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'blocked', 'active', 'deleted')),
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ads_customer ON ads (customer_id, created_at DESC);
CREATE UNIQUE INDEX ads_idempotency ON ads (customer_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- The wizard's server-side draft: each passed step is saved here, so a reload or another device resumes.
CREATE TABLE wizard_drafts (
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  draft_key text NOT NULL,
  selectors jsonb NOT NULL DEFAULT '{}'::jsonb,
  field_values jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_valid_step integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, draft_key)
);

-- Words that stop an ad from being published automatically (spec: blocked words → finish page).
CREATE TABLE banned_words (
  word text PRIMARY KEY
);

INSERT INTO banned_words (word) VALUES
  ('אקדח'), ('תחמושת'), ('רימון הלם'), ('סמים'), ('קנאביס'), ('כסף מזויף'), ('תעודה מזויפת'), ('דרכון מזויף');
