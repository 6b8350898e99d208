-- Support can block a customer's account (operator/): a blocked customer cannot log in (told why in Hebrew) and
-- their sessions end at once. The reason is shown to support; the block and its lifting are in the audit log.
ALTER TABLE customers
  ADD COLUMN blocked_at timestamptz,
  ADD COLUMN blocked_reason text;
