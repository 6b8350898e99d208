-- Auto-bump weeks and ad expiry (services/auto-bump.ts, services/ad-expiry.ts).
-- One paid auto-bump week of an ad: bumped every AUTO_BUMP_EVERY_HOURS from starts_at until ends_at. A week bought
-- while another runs starts where the last one ends. stopped_at: the ad left active/pending (deleted, expired), so
-- the rest of the series was cancelled.
CREATE TABLE auto_bump_weeks (
  id bigserial PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  payment_id bigint NOT NULL UNIQUE REFERENCES payments (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  bumps_done integer NOT NULL DEFAULT 0,
  stopped_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX auto_bump_weeks_by_ad ON auto_bump_weeks (ad_id, ends_at);

-- Every slot bumped, once: a second run of a slot (another process, a retried job) finds its row and does nothing.
CREATE TABLE auto_bump_slots (
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  slot_at timestamptz NOT NULL,
  week_id bigint NOT NULL REFERENCES auto_bump_weeks (id) ON DELETE CASCADE,
  done_at timestamptz NOT NULL,
  PRIMARY KEY (ad_id, slot_at)
);

-- Ads already live before this migration get their expiry job (new ones get it from goLive and upgrades).
INSERT INTO scheduled_jobs (kind, dedupe_key, payload, run_at, created_at)
SELECT 'ads.expire', id::text || ':' || to_char(ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       jsonb_build_object('adId', id), ends_at, now()
FROM ads WHERE status = 'active' AND ends_at IS NOT NULL
ON CONFLICT DO NOTHING;
