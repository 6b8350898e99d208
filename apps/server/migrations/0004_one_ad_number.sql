-- One ad number everywhere: the number the user is told after saving is the one in /edit/{id}, in OrderID /
-- OrderIDs and in every later call. The row id becomes that public number (from 50000001 up, as the record
-- numbers were), and RecordID on the wire is the same number. Existing ads keep the number users were shown.
UPDATE ads SET id = record_id;
SELECT setval(pg_get_serial_sequence('ads', 'id'), GREATEST(50000000, (SELECT COALESCE(MAX(id), 0) FROM ads)));
ALTER TABLE ads DROP COLUMN record_id;
DROP SEQUENCE ad_record_seq;
