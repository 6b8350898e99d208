-- An ad's photos: one row per slot (picNumber 1..10), so a retried upload of a slot replaces its image
-- instead of adding one. The files live in the media store under random keys; position is the order the owner
-- chose (NULL until the first order call: then slot order), position 1 being the main photo.
CREATE TABLE ad_images (
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  slot smallint NOT NULL CHECK (slot BETWEEN 1 AND 10),
  position smallint,
  image_key text NOT NULL UNIQUE,
  thumb_key text NOT NULL UNIQUE,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes integer NOT NULL,
  -- SHA-256 of the stored JPEG, and of the uploaded bytes with the orientation applied to them (a retry of the
  -- same upload is recognised and answered without storing anything).
  sha256 text NOT NULL,
  source_sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ad_id, slot)
);
