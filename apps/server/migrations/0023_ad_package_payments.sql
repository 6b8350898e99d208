-- A package of ads bought by card or app from the plan step's buyPackage mode: the payment's purpose
-- 'ad_package' and the catalogue hash of the package it buys. When it is paid, services/paid.ts records the
-- package in customer_packages (payment_id), uses one of its ads for the payment's ad and the ad goes live.
ALTER TABLE payments DROP CONSTRAINT payments_purpose_check;
ALTER TABLE payments
  ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('track', 'auto_bump', 'package', 'ad_package')),
  ADD COLUMN package_hash text,
  ADD CONSTRAINT payments_package_hash CHECK ((purpose = 'ad_package') = (package_hash IS NOT NULL));
