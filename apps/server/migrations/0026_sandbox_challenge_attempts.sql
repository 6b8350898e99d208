-- The payment sandbox's 3-D-Secure-style challenge keeps the issuer's rules: a card whose authentication the
-- issuer fails (whatever code is typed), and a limit of wrong codes after which the authentication fails.
ALTER TABLE sandbox_payment_sessions ADD COLUMN challenge_fails boolean NOT NULL DEFAULT false;
ALTER TABLE sandbox_payment_sessions ADD COLUMN challenge_attempts integer NOT NULL DEFAULT 0;
