-- The advertiser's numbers (apps/server/src/numbers/): per ad and per Israel calendar day, how many visitors opened
-- its page, revealed its phone number, shared it, reported it, and how often it appeared on a board page. The
-- counts are gathered in the server's memory and added here in batches (one upsert a second, and at shutdown), so no
-- page's answer writes to the database. No row says who: no address, no browser, no visitor hash.
CREATE TABLE ad_daily_numbers (
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  day date NOT NULL,
  views integer NOT NULL DEFAULT 0,
  reveals integer NOT NULL DEFAULT 0,
  shares integer NOT NULL DEFAULT 0,
  reports integer NOT NULL DEFAULT 0,
  board_appearances integer NOT NULL DEFAULT 0,
  -- One ad's days in order, with the sums in the index: an ad's last 30 days are one short range of this key, read
  -- from the index alone (the rows of one ad lie on as many pages as it has days, since each day's batch writes
  -- them). A customer's ads are found by ads_customer first.
  PRIMARY KEY (ad_id, day) INCLUDE (views, reveals, shares, reports, board_appearances)
);

-- Each ad's sums over all its days, added to by the same batch in the same transaction: /my-ads reads one row an ad
-- for the totals (and the last 30 days' rows of ad_daily_numbers), not a year of days.
CREATE TABLE ad_number_totals (
  ad_id bigint PRIMARY KEY REFERENCES ads (id) ON DELETE CASCADE,
  views bigint NOT NULL DEFAULT 0,
  reveals bigint NOT NULL DEFAULT 0,
  shares bigint NOT NULL DEFAULT 0,
  reports bigint NOT NULL DEFAULT 0,
  board_appearances bigint NOT NULL DEFAULT 0
);

-- One counting path: the phone's reveals counted per ad so far (one number an ad, with its last reveal) become that
-- day's reveals, and the reports already received are counted on the days they came; the old table goes.
INSERT INTO ad_daily_numbers (ad_id, day, reveals)
SELECT ad_id, (last_reveal_at AT TIME ZONE 'Asia/Jerusalem')::date, phone_reveals
FROM ad_contact_counts WHERE phone_reveals > 0;

INSERT INTO ad_daily_numbers (ad_id, day, reports)
SELECT ad_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date, count(*)::int
FROM ad_reports GROUP BY 1, 2
ON CONFLICT (ad_id, day) DO UPDATE SET reports = EXCLUDED.reports;

INSERT INTO ad_number_totals (ad_id, views, reveals, shares, reports, board_appearances)
SELECT ad_id, sum(views), sum(reveals), sum(shares), sum(reports), sum(board_appearances)
FROM ad_daily_numbers GROUP BY ad_id;

DROP TABLE ad_contact_counts;
