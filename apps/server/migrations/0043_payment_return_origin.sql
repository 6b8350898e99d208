-- The site origin a payment's return URLs lead to (payments/service.ts): the page that frames the hosted page.
-- A local run is reached at several addresses (localhost, 127.0.0.1, the machine's network address;
-- platform/public-origins.ts), and an open session is reused only by a start from the same origin: one opened
-- from another would send its frame where the page cannot take it. NULL: a row from before, or a charge without a
-- hosted page.
ALTER TABLE payments ADD COLUMN return_origin text;
