-- An ad's video: at most one per ad; a new upload replaces the earlier one. The file lives in the
-- video host's tus directory (DATA_DIR/videos) under the random id the tus server gave it.
CREATE TABLE ad_videos (
  ad_id bigint PRIMARY KEY REFERENCES ads (id) ON DELETE CASCADE,
  video_key text NOT NULL UNIQUE,
  mime text NOT NULL CHECK (mime IN ('video/mp4', 'video/quicktime', 'video/webm')),
  bytes bigint NOT NULL CHECK (bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
