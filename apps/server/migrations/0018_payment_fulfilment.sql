-- Paid but not delivered (payments/service.ts, services/paid.ts, services/auto-bump.ts): a payment the provider
-- confirmed whose purpose could not be (fully) fulfilled stays 'paid' and says so, for a refund.
--   fulfilment: NULL while not paid (or paid before this migration); 'done'; 'refund_due'.
--   fulfilment_reason: why not done ('superseded', 'ad_already_finished', 'ad_refused', 'ad_not_live',
--   'auto_bump_stopped'); fulfilment_detail: e.g. { "slotsNotRun": 30, "slots": 42 } for a stopped week.
--   superseded_at: a newer start for the same ad (another channel or track) replaced this open session; if it is
--   paid after all, it is recorded paid and refund_due, never fulfilled a second time.
ALTER TABLE payments
  ADD COLUMN fulfilment text CHECK (fulfilment IN ('done', 'refund_due')),
  ADD COLUMN fulfilment_reason text,
  ADD COLUMN fulfilment_detail jsonb,
  ADD COLUMN superseded_at timestamptz;
CREATE INDEX payments_refund_due ON payments (paid_at) WHERE fulfilment = 'refund_due';
