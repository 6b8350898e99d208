-- The video host's unfinished uploads (tus): one row from an upload's creation until it finishes, is ended or
-- expires. The limits on open uploads (per ad, per customer, and the bytes one customer holds in them) count these
-- rows, so every server process agrees; the video.expire job removes an expired one with its file. No foreign keys:
-- a row outlives its ad (a given-up reservation) until its file is removed.
CREATE TABLE video_uploads (
  upload_id text PRIMARY KEY,
  ad_id bigint NOT NULL,
  customer_id bigint NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX video_uploads_customer ON video_uploads (customer_id, created_at);
CREATE INDEX video_uploads_created ON video_uploads (created_at);
