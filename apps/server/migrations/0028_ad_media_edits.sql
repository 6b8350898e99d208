-- The photo and video changes of an edit of a published (active) ad (publish-wizard.md §2 edit mode,
-- after-save-area.md §4 "Publish button" and §7 order-edited). As ads.pending_values holds an edit's field values,
-- these hold its media: the live ad keeps its photos and video, as the public and "my ads" see them, until
-- {OrderID}/order-edited finishes the edit and moves these in, so an edit left unfinished never changes the live ad.
-- The first photo or video change of an edit copies the live media here (one row per ad), every later change of
-- that edit works on the copy, the finish replaces the live media with it and removes the copy.
-- Only the owner's calls read or change these rows (the routes check the ad is the caller's).
CREATE TABLE ad_media_edits (
  ad_id bigint PRIMARY KEY REFERENCES ads (id) ON DELETE CASCADE,
  -- The edit's video (the live one when the edit has not changed it), or none: NULL key.
  video_key text,
  video_mime text CHECK (video_mime IN ('video/mp4', 'video/quicktime', 'video/webm')),
  video_bytes bigint CHECK (video_bytes > 0),
  video_created_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((video_key IS NULL) = (video_mime IS NULL) AND (video_key IS NULL) = (video_bytes IS NULL))
);

-- The edit's photos, one row per slot as in ad_images (position 1 the main photo). A photo the edit keeps shares
-- its files with the live row, so the keys are not unique here (indexed for the orphan sweep and the content call).
CREATE TABLE ad_image_edits (
  ad_id bigint NOT NULL REFERENCES ad_media_edits (ad_id) ON DELETE CASCADE,
  slot smallint NOT NULL CHECK (slot BETWEEN 1 AND 10),
  position smallint,
  image_key text NOT NULL,
  thumb_key text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes integer NOT NULL,
  sha256 text NOT NULL,
  source_sha256 text NOT NULL,
  phash bigint,
  reused boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ad_id, slot)
);
CREATE INDEX ad_image_edits_image_key ON ad_image_edits (image_key);
CREATE INDEX ad_image_edits_thumb_key ON ad_image_edits (thumb_key);
