-- The plan step's side flows (after-save-area.md §3-§4, §9): brokers and their leads, campaign leads,
-- the commercial payment's invoice details and phone-payment requests, and the packages customers bought.

-- A real-estate broker's office (the lead popup lists the brokers of the ad's city). city_code: CBS locality code.
CREATE TABLE broker_offices (
  customer_id bigint PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  office_name text NOT NULL,
  -- Same-origin path of the office's logo, or null.
  office_logo_url text,
  city_code integer NOT NULL
);
CREATE INDEX broker_offices_by_city ON broker_offices (city_code);

-- One lead per ad and broker: sending the same choice again changes nothing.
CREATE TABLE real_estate_leads (
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  broker_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (ad_id, broker_id)
);
CREATE INDEX real_estate_leads_by_broker ON real_estate_leads (broker_id, created_at);

-- A campaign the advertiser chose for an ad (campaign ids from the server's campaign list).
CREATE TABLE campaign_leads (
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  campaign_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (ad_id, campaign_id)
);

-- The invoice details of an ad's commercial payment; the latest answer wins.
CREATE TABLE invoice_details (
  ad_id bigint PRIMARY KEY REFERENCES ads (id) ON DELETE CASCADE,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  business_name text NOT NULL,
  -- Nine digits (עוסק מורשה / ח.פ.), check digit verified.
  authorized_dealer text NOT NULL,
  invoice_email text NOT NULL,
  pt_hash text,
  updated_at timestamptz NOT NULL
);

-- A request to pay by phone: the business line calls the advertiser back. No money is taken here.
CREATE TABLE phone_payment_requests (
  id bigserial PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  phone1 text NOT NULL,
  phone2 text,
  pt_hash text,
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'called', 'paid', 'cancelled')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One open request per ad: asking again updates the numbers.
CREATE UNIQUE INDEX phone_payment_requests_open ON phone_payment_requests (ad_id) WHERE status = 'requested';

-- Packages a customer bought: ads_total ads of one type in one category, usable until bought_at + 91 days
-- (spec §9; usable_until is written by the code from the injected clock).
CREATE TABLE customer_packages (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  cat integer NOT NULL,
  ad_type text NOT NULL,
  package_hash text NOT NULL,
  ads_total integer NOT NULL CHECK (ads_total > 0),
  ads_used integer NOT NULL DEFAULT 0 CHECK (ads_used >= 0 AND ads_used <= ads_total),
  bought_at timestamptz NOT NULL,
  usable_until timestamptz NOT NULL,
  payment_id bigint REFERENCES payments (id) ON DELETE SET NULL,
  CHECK (usable_until > bought_at)
);
CREATE INDEX customer_packages_by_customer ON customer_packages (customer_id, usable_until);
