-- Callbacks of real outside providers (Twilio's status and answer requests) already acted on: a signed callback
-- that comes again (a replay, captured on the way or resent) finds its key here and changes nothing. The key is the
-- provider's own id of the event (a message's SID and status, a call's SID and step).
CREATE TABLE provider_callbacks (
  provider text NOT NULL,
  event_key text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_key)
);
CREATE INDEX provider_callbacks_received_at ON provider_callbacks (received_at);
