-- EasyStart's free first week: the payer's card is checked and kept (a payment of purpose 'trial', 0 agorot), the
-- ad runs as VIP for the week, and when it ends the kept card is charged the EasyStart price without the payer (a
-- payment of purpose 'trial_charge'). One trial per ad. A declined charge is tried again a day later, three times
-- in all; then, or when the advertiser cancelled the trial, the ad returns to the free track.
ALTER TABLE payments DROP CONSTRAINT payments_purpose_check;
ALTER TABLE payments DROP CONSTRAINT payments_amount_agorot_check;
ALTER TABLE payments
  ADD CONSTRAINT payments_purpose_check
    CHECK (purpose IN ('track', 'auto_bump', 'package', 'ad_package', 'trial', 'trial_charge')),
  -- Only a trial charges nothing (the card is checked and kept).
  ADD CONSTRAINT payments_amount_agorot_check CHECK (amount_agorot > 0 OR (purpose = 'trial' AND amount_agorot = 0));

CREATE TABLE easy_start_trials (
  id bigserial PRIMARY KEY,
  ad_id bigint NOT NULL UNIQUE REFERENCES ads (id) ON DELETE CASCADE,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- The payment that checked and kept the card.
  payment_id bigint NOT NULL REFERENCES payments (id),
  card_token text NOT NULL,
  card_customer_ref text,
  card_last4 text NOT NULL,
  card_expiry text NOT NULL,
  -- What the week's end charges, and the days of the track it buys (the catalogue's EasyStart row).
  amount_agorot integer NOT NULL CHECK (amount_agorot > 0),
  days integer NOT NULL CHECK (days > 0),
  status text NOT NULL CHECK (status IN ('running', 'cancelled', 'charged', 'failed')),
  charge_at timestamptz NOT NULL,
  -- Charges tried so far, and the payment of the one that went through.
  attempts integer NOT NULL DEFAULT 0,
  charge_payment_id bigint REFERENCES payments (id),
  created_at timestamptz NOT NULL,
  cancelled_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX easy_start_trials_customer ON easy_start_trials (customer_id);
