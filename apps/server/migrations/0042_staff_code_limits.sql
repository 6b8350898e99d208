-- Wrong second-factor codes at the staff login (operator/staff-service.ts). A password step's session counts the
-- codes tried in it (code_tries): the fifth wrong one ends it. An account that gets too many wrong codes in an hour,
-- over all its logins, cannot sign in until sign_in_locked_until. The counts per account and per address are kept
-- in rate_counters.
ALTER TABLE staff_sessions ADD COLUMN code_tries integer NOT NULL DEFAULT 0;
ALTER TABLE staff ADD COLUMN sign_in_locked_until timestamptz;
