-- Issue 8 item 8: a 64-bit perceptual hash of each stored photo (sharp-phash over the stored JPEG; a signed bigint
-- holding the 64 bits), and whether the photo was, when uploaded, within REUSED_MAX_DISTANCE bits of a photo in
-- another of the same customer's ads that is not deleted. Rows stored before this migration have no hash and are
-- never matched. The comparison is a bounded per-customer scan (ads_customer index on ads.customer_id, then the
-- ad_images primary key per ad: at most 10 photos per ad), so no index on phash is needed.
ALTER TABLE ad_images ADD COLUMN phash bigint;
ALTER TABLE ad_images ADD COLUMN reused boolean NOT NULL DEFAULT false;
