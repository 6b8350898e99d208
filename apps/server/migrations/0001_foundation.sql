-- Reference data: CBS localities and the Population Authority street list (seed-data/SOURCE.md).
CREATE TABLE localities (
  id integer PRIMARY KEY,
  name text NOT NULL,
  name_en text,
  district_id integer,
  district_name text,
  population integer,
  latitude double precision,
  longitude double precision
);

CREATE TABLE streets (
  city_code integer NOT NULL,
  street_code integer NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (city_code, street_code)
);

CREATE INDEX streets_city_name ON streets (city_code, name);

CREATE TABLE customers (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  trade jsonb NOT NULL DEFAULT '{}'::jsonb,
  debug_mode boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX customers_email ON customers (lower(email));

-- Only a hash of the session token is stored: a leaked table does not leak sessions.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_customer ON sessions (customer_id);

-- Fixed-window counters (login failures per account and per IP, forgot-password requests, …).
CREATE TABLE rate_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer text NOT NULL,
  svg text NOT NULL,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false
);

CREATE TABLE password_resets (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  verified_token_hash text,
  consumed boolean NOT NULL DEFAULT false
);

CREATE INDEX password_resets_customer ON password_resets (customer_id, created_at DESC);

-- The e-mail sandbox keeps what was "sent" so a developer or a test can read it.
CREATE TABLE outbox_emails (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX outbox_emails_to ON outbox_emails (lower(to_address), id DESC);
