-- The staff audit log is append-only in the database itself, not only by the code's habit: an UPDATE, DELETE or
-- TRUNCATE of staff_audit fails, whoever sends it (a bug, a console call added later, a hand at psql with the app's
-- role). Staff accounts are disabled, never deleted, so the log's references stay.
-- One line: the migration runner splits statements at a semicolon that ends a line.
CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'staff_audit is append-only: % refused', TG_OP; END $$;
CREATE TRIGGER staff_audit_no_update_or_delete BEFORE UPDATE OR DELETE ON staff_audit
  FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
