-- Ad events for other systems (ads/ad-events-service.ts, webhooks/): an outbox row written in the transaction that
-- changes the ad, then delivered as signed webhooks to the subscribers an admin configured in the console.
--   ad_events: one row per event. seq orders an ad's events; event_id is what integrators de-duplicate by. type:
--     ad.published (went live), ad.changed (its live values or photos changed), ad.hidden (left the board before its
--     end: held for review, refused), ad.ended (expired), ad.deleted. view: the ad's public view at that moment
--     (ads/public-ad.ts: what its page shows, paths relative to the site). fanned_out_at: set when a delivery row was
--     made for every subscriber of its type.
CREATE TABLE ad_events (
  seq bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('ad.published', 'ad.changed', 'ad.hidden', 'ad.ended', 'ad.deleted')),
  ad_id bigint NOT NULL,
  view jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  fanned_out_at timestamptz
);
CREATE INDEX ad_events_to_fan_out ON ad_events (seq) WHERE fanned_out_at IS NULL;

--   webhook_subscribers: an admin's subscriber. secret_box is the signing secret encrypted with WEBHOOK_SECRETS_KEY
--     (AES-256-GCM; webhooks/secret-box.ts): the server must read it to sign, so it is not a hash. secret_hint: its
--     last characters, shown in the console. paused_at/paused_reason: paused by an admin or by the delivery (a
--     receiver failing for a day). consecutive_failures, last_*: the delivery state the console shows; last_error is
--     a short excerpt, never a whole answer. after_event_seq: the last event before it was added (it
--     receives the later ones).
CREATE TABLE webhook_subscribers (
  id bigserial PRIMARY KEY,
  url text NOT NULL,
  events text[] NOT NULL,
  secret_box text NOT NULL,
  secret_hint text NOT NULL,
  created_by bigint REFERENCES staff (id),
  created_at timestamptz NOT NULL,
  after_event_seq bigint NOT NULL,
  paused_at timestamptz,
  paused_reason text,
  consecutive_failures integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  last_status integer,
  last_error text
);

--   webhook_deliveries: one event to one subscriber. An ad's deliveries to a subscriber go one after the other in
--     seq order (a later one waits while an earlier one is undelivered). next_attempt_at: the backoff's next try;
--     first_failed_at: when its failures began (a day of them pauses the subscriber); locked_until: the sending
--     process's lease.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  subscriber_id bigint NOT NULL REFERENCES webhook_subscribers (id) ON DELETE CASCADE,
  event_seq bigint NOT NULL REFERENCES ad_events (seq) ON DELETE CASCADE,
  ad_id bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  first_failed_at timestamptz,
  locked_until timestamptz,
  delivered_at timestamptz,
  last_error text,
  UNIQUE (subscriber_id, event_seq)
);
CREATE INDEX webhook_deliveries_open ON webhook_deliveries (subscriber_id, ad_id, event_seq) WHERE delivered_at IS NULL;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE delivered_at IS NULL;
