-- The ad's public page (apps/server/src/listing/): buyers report an ad, and its phone number's reveals are counted.
--
-- A report opens a case in the moderation queue (ad_reviews) while the ad stays live: held_as 'active', stage
-- 'report'; each report of an open case adds to it (the case's reasons count the reports by reason). Approving the
-- case keeps the ad live; rejecting it takes it off the board as any rejection does.
ALTER TABLE ad_reviews DROP CONSTRAINT ad_reviews_held_as_check;
ALTER TABLE ad_reviews ADD CONSTRAINT ad_reviews_held_as_check CHECK (held_as IN ('blocked', 'pending', 'active'));
ALTER TABLE ad_reviews DROP CONSTRAINT ad_reviews_stage_check;
ALTER TABLE ad_reviews ADD CONSTRAINT ad_reviews_stage_check CHECK (stage IN ('save', 'plan', 'edit', 'report'));

-- One row per report: the case it went to, the reason (and the buyer's text for 'other'), and who sent it as a
-- SHA-256 of the visitor (the customer, else the browser's CSRF cookie), so that one visitor counts once per case.
CREATE TABLE ad_reports (
  id bigserial PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  review_id bigint NOT NULL REFERENCES ad_reviews (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('fraud', 'wrongCategory', 'sold', 'offensive', 'other')),
  text text,
  visitor text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (review_id, visitor)
);
CREATE INDEX ad_reports_by_ad ON ad_reports (ad_id, id DESC);

-- How often the page's "show the phone number" was pressed, per ad (one row, counted up by each reveal).
CREATE TABLE ad_contact_counts (
  ad_id bigint PRIMARY KEY REFERENCES ads (id) ON DELETE CASCADE,
  phone_reveals integer NOT NULL DEFAULT 0,
  last_reveal_at timestamptz NOT NULL
);
