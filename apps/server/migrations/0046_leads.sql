-- The leads the publishing flow collects, each handed to its owner (leads/): the broker offices an advertiser chose,
-- the trade-in partner, a campaign's partner, the sales team (a package enquiry), the catalogue team (a missing
-- sub-model or address). Each flow still stores its lead in its own table (real_estate_leads, trade_in_leads,
-- campaign_leads, package_leads, missing_sub_models, missing_addresses); a row here is the lead as its owner gets it:
-- one per owner (a lead to three offices is three rows), what the owner was sent, its mail and the staff's handling.
--   source: the flow's row ('<table>:<key>'), so the same lead recorded again stays one row.
--   owner_type, owner_ref: a broker office (its account's id), a partner (lead-owners.json) or a team (sales,
--     catalogue); owner_address is the address it was mailed to, set when the mail is written.
--   facts: what the owner was sent, as [{label, value}] in Hebrew.
--   mailed_at: the mail was written, once (the outbox, or the mail queue: mail_id, its mail_queue row; no foreign key,
--     the queue forgets delivered messages after 30 days).
CREATE TABLE leads (
  id bigserial PRIMARY KEY,
  kind text NOT NULL
    CHECK (kind IN ('broker', 'trade-in', 'campaign', 'package', 'missing-sub-model', 'missing-address')),
  source text NOT NULL,
  ad_id bigint REFERENCES ads (id) ON DELETE SET NULL,
  owner_type text NOT NULL CHECK (owner_type IN ('broker', 'partner', 'team')),
  owner_ref text NOT NULL,
  owner_name text NOT NULL,
  owner_address text,
  facts jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'handled')),
  handled_by bigint REFERENCES staff (id),
  handled_at timestamptz,
  mailed_at timestamptz,
  mail_id bigint,
  created_at timestamptz NOT NULL,
  UNIQUE (kind, source, owner_ref),
  CHECK ((status = 'handled') = (handled_at IS NOT NULL))
);
-- The console's pages: newest first, all or by kind and status (keyset on created_at, id).
CREATE INDEX leads_newest ON leads (created_at DESC, id DESC);
CREATE INDEX leads_by_kind ON leads (kind, status, created_at DESC, id DESC);
CREATE INDEX leads_by_status ON leads (status, created_at DESC, id DESC);
