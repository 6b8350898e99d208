-- The operator's side (operator/): staff are not customers. Their own accounts, sessions and audit log.
--   role: admin (manages staff), moderator, support, finance, analyst; each staff call checks its role.
--   totp_secret: the base32 secret of the authenticator app, set at enrolment; totp_enabled once a code from it
--   was confirmed. Until then the account can only finish enrolment. Recovery codes are stored hashed, each used once.
--   setup_token_hash: a one-time link (the first admin in production) that sets the password and starts enrolment.
CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'moderator', 'support', 'finance', 'analyst')),
  password_hash text,
  totp_secret text,
  totp_enabled boolean NOT NULL DEFAULT false,
  last_totp_step bigint,
  setup_token_hash text UNIQUE,
  setup_expires_at timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX staff_email ON staff (lower(email));

CREATE TABLE staff_recovery_codes (
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- A password that was right opens a short second-factor step (stage 'second'); the code makes it a session
-- (stage 'session'). Only a hash of the token is stored. A session ends after a short idle time (last_seen_at) or
-- at expires_at, whichever comes first.
CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('second', 'session')),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Every staff action, append-only: who, what, on what, before and after, from which address.
CREATE TABLE staff_audit (
  id bigserial PRIMARY KEY,
  staff_id bigint REFERENCES staff (id),
  action text NOT NULL,
  target_type text,
  target_id text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  at timestamptz NOT NULL
);
CREATE INDEX staff_audit_target ON staff_audit (target_type, target_id, at DESC);
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, at DESC);
