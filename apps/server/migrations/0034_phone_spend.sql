-- The analysts' phone spend (analytics/phone-spend.ts): every SMS and verification call is a row of
-- phone_verifications; one the provider did not send cost nothing and is marked here (it was only "consumed").
-- The day's rows are read by time, so they need an index on it (a day holds at most the daily budget's rows).
ALTER TABLE phone_verifications ADD COLUMN send_failed boolean NOT NULL DEFAULT false;
CREATE INDEX phone_verifications_created ON phone_verifications (created_at);

-- The live ads per category selection (the analysts' screen), without reading the rest of the table.
CREATE INDEX ads_live_by_category ON ads (cat, subcat) WHERE status = 'active';
