-- Moderation (moderation/): an ad held for review waits in a queue until a moderator decides.
--   rejected: a moderator refused the ad; its owner sees why and may edit it, which sends it back to the queue.
--   approved_words: blocked words a moderator let through for this ad (a later save with only these is not held).
ALTER TABLE ads DROP CONSTRAINT ads_status_check;
ALTER TABLE ads ADD CONSTRAINT ads_status_check
  CHECK (status IN ('reserved', 'draft', 'blocked', 'pending', 'rejected', 'active', 'out_of_slots', 'expired', 'deleted'));
ALTER TABLE ads ADD COLUMN approved_words text[] NOT NULL DEFAULT '{}';

-- One row per time an ad was held. held_as: the status it waits in (blocked: its words, before or after going
-- live; pending: a rule, after its plan). stage: where it was held (save: the first save, before a plan; plan: going
-- live; edit: a live ad's edit). reasons: why, as a list ({kind, ...}). An open case has no decided_at; an ad has
-- at most one.
CREATE TABLE ad_reviews (
  id bigserial PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  held_as text NOT NULL CHECK (held_as IN ('blocked', 'pending')),
  stage text NOT NULL CHECK (stage IN ('save', 'plan', 'edit')),
  reasons jsonb NOT NULL,
  queued_at timestamptz NOT NULL,
  decision text CHECK (decision IN ('approved', 'rejected')),
  reject_template text,
  reject_text text,
  decided_by bigint REFERENCES staff (id),
  decided_at timestamptz,
  CHECK ((decision IS NULL) = (decided_at IS NULL))
);
CREATE UNIQUE INDEX ad_reviews_open ON ad_reviews (ad_id) WHERE decided_at IS NULL;
CREATE INDEX ad_reviews_queue ON ad_reviews (queued_at, id) WHERE decided_at IS NULL;
CREATE INDEX ad_reviews_by_ad ON ad_reviews (ad_id, id DESC);

-- Which ads are held, as data an admin edits in the console (the word list is banned_words): rules is
-- {"traderSecondHand": bool, "categories": [{"cat": n, "subcat": n|null}], "newAccountDays": n,
--  "photoFromAnotherAccount": bool}. One row.
CREATE TABLE moderation_rules (
  id int PRIMARY KEY CHECK (id = 1),
  rules jsonb NOT NULL,
  updated_by bigint REFERENCES staff (id),
  updated_at timestamptz NOT NULL
);
INSERT INTO moderation_rules (id, rules, updated_at) VALUES
  (1, '{"traderSecondHand": true, "categories": [], "newAccountDays": 0, "photoFromAnotherAccount": false}', now());
