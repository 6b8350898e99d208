-- Car-ad side requests of the wizard (publish-wizard.md §4 "Field behaviour", after-save-area.md §4-§7).
-- Trade-in: a private car seller asks to be contacted about trading the car in (POST car-trader/trade-in-lead).
-- Each lead waits here for the trade-in partner: status 'new', then 'sent' or 'closed'.
CREATE TABLE trade_in_leads (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- The customer's own ad the lead is about, when the wizard has one (null before the first save).
  ad_id bigint REFERENCES ads (id) ON DELETE SET NULL,
  name text NOT NULL,
  -- National digits (0501234567).
  phone text NOT NULL,
  -- The car as chosen in the wizard (manufacturer, model, year, subModel, km, hand: ids and values).
  car jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'sent', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trade_in_leads_review ON trade_in_leads (status, created_at);

-- A sub-model the user did not find in our list (GET/POST stinker?action=missingSubModel): kept for a person to
-- add it to the vehicle reference data. Review: SELECT * FROM missing_sub_models WHERE status = 'new'.
CREATE TABLE missing_sub_models (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  ad_id bigint REFERENCES ads (id) ON DELETE SET NULL,
  cat integer NOT NULL,
  subcat integer,
  -- What the user typed (missingSubModel), and the missing-* fields (ids of our lists, or text when typed).
  sub_model text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'added', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX missing_sub_models_review ON missing_sub_models (status, created_at);
