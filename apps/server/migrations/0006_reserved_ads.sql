-- Photos upload while the advertiser is still filling in the wizard, long before the first save. They need an ad
-- to belong to: 'reserved' is an ad row with no values yet, made for one customer's draft of one selection by
-- POST /api/publish/reserve-order. The first save-ad with its OrderID fills it and makes it a 'draft'. Reserved
-- rows are never listed, edited or published.
ALTER TABLE ads DROP CONSTRAINT ads_status_check;
ALTER TABLE ads ADD CONSTRAINT ads_status_check CHECK (status IN ('reserved', 'draft', 'blocked', 'active', 'deleted'));
CREATE INDEX ads_reserved_by_customer ON ads (customer_id) WHERE status = 'reserved';
