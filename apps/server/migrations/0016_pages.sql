-- A 'contact me' request for a package of ads (after-save-area.md §3 "Contact form (buy package)", §4 "Packages
-- page", §7 finish-publish's contact-form variant): the sales team calls back (Sun-Thu 08:00-18:00, spec §9).
-- ad_id is the ad the request came from (the plan step), null from the /packages page.
CREATE TABLE package_leads (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  ad_id bigint REFERENCES ads (id) ON DELETE CASCADE,
  package_hash text NOT NULL,
  full_name text NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'called', 'closed')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One open request per customer, package and ad: sending the form again updates the contact details.
CREATE UNIQUE INDEX package_leads_open ON package_leads (customer_id, package_hash, (COALESCE(ad_id, 0)))
  WHERE status = 'requested';
