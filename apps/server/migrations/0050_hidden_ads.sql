-- An owner may take a live ad off the board and show it again (/my-ads): status 'hidden'. A hidden ad is not live
-- anywhere (the board, its page, the counts read 'active' only); shown again, it is active until its end, or expired.
ALTER TABLE ads DROP CONSTRAINT ads_status_check;
ALTER TABLE ads ADD CONSTRAINT ads_status_check
  CHECK (status IN ('reserved', 'draft', 'blocked', 'pending', 'rejected', 'active', 'hidden', 'out_of_slots', 'expired', 'deleted'));
