-- A 64-bit perceptual hash of each stored photo (sharp-phash over the stored JPEG; a signed bigint holding the
-- 64 bits), and whether the photo was, when uploaded, within REUSED_MAX_DISTANCE bits of a photo in
-- another of the same customer's ads that is not deleted. Rows stored before this migration have no hash and are
-- never matched. The comparison is a bounded per-customer scan (ads_customer index on ads.customer_id, then the
-- ad_images primary key per ad: at most 10 photos per ad), so no index on phash is needed.
ALTER TABLE ad_images ADD COLUMN phash bigint;
ALTER TABLE ad_images ADD COLUMN reused boolean NOT NULL DEFAULT false;

-- A minimal analytics event store (the wizard's step analytics and the funnel build on it). Names come from the
-- allowlist in packages/contract/src/analytics.ts; props are flat string/number values, capped by the route.
-- customer_id is the session's customer (never read from the body), NULL for a visitor; no IP address is kept.
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  props jsonb NOT NULL DEFAULT '{}'::jsonb,
  customer_id bigint REFERENCES customers (id) ON DELETE SET NULL,
  -- When the browser says it happened (clamped to the receiving time minus a day .. plus a minute), and when we got it.
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX analytics_events_name_time ON analytics_events (name, occurred_at);
CREATE INDEX analytics_events_customer ON analytics_events (customer_id, occurred_at) WHERE customer_id IS NOT NULL;
