-- The public board (apps/server/src/board/): the live ads of a category or a sub-category in the board's order,
-- with the family's filters and a free-text search, paged by keyset. Live is status 'active' (and ends_at ahead,
-- checked on the rows), so every index is partial on it.
--
-- The order is the catalogue's (packages/catalog data/tracks.json boardOrder): the rank of the ad's track (2 for
-- VIP and above, 1 for the highlighted tracks, 0 for the plain ones), the last bump else the publish time, newest
-- first, then the ad's number. The expressions are exactly those board-repository.ts writes (boardRankSql,
-- placedAtSql: a unit test compares the texts), so the planner walks these indexes backwards in the board's order
-- and a keyset (rank, time, id) < (...) starts inside them. ends_at is included so that a count reads the index only.
-- A change of the ranks in the catalogue needs a new migration with the new expression (the test says so).

-- The trigram operators for the search (PGlite loads the extension: platform/db/pglite.ts). In public, so that every
-- schema of a shared database (the API tests make one per run) finds them by a qualified name.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- A category's board (/board/{cat}).
CREATE INDEX ads_board ON ads (
  cat,
  (CASE WHEN ad_type IN ('SUPERGOLD', 'Premium', 'Platinum', 'VIP', 'EasyStart') THEN 2 WHEN ad_type IN ('UpgradePlus', 'Bold', 'Upgrade') THEN 1 ELSE 0 END),
  (COALESCE(bumped_at, published_at, created_at)),
  id
) INCLUDE (ends_at) WHERE status = 'active';

-- A sub-category's board (/board/{cat}/{subcat}).
CREATE INDEX ads_board_subcat ON ads (
  cat,
  subcat,
  (CASE WHEN ad_type IN ('SUPERGOLD', 'Premium', 'Platinum', 'VIP', 'EasyStart') THEN 2 WHEN ad_type IN ('UpgradePlus', 'Bold', 'Upgrade') THEN 1 ELSE 0 END),
  (COALESCE(bumped_at, published_at, created_at)),
  id
) INCLUDE (ends_at) WHERE status = 'active';

-- The families' main filter in the board's order: a vehicle's make, a home's locality, a product's category.
CREATE INDEX ads_board_vehicles_make ON ads (
  subcat,
  (field_values ->> 'manufacturer'),
  (CASE WHEN ad_type IN ('SUPERGOLD', 'Premium', 'Platinum', 'VIP', 'EasyStart') THEN 2 WHEN ad_type IN ('UpgradePlus', 'Bold', 'Upgrade') THEN 1 ELSE 0 END),
  (COALESCE(bumped_at, published_at, created_at)),
  id
) INCLUDE (ends_at) WHERE status = 'active' AND cat = 1;

CREATE INDEX ads_board_real_estate_city ON ads (
  subcat,
  (field_values ->> 'city'),
  (CASE WHEN ad_type IN ('SUPERGOLD', 'Premium', 'Platinum', 'VIP', 'EasyStart') THEN 2 WHEN ad_type IN ('UpgradePlus', 'Bold', 'Upgrade') THEN 1 ELSE 0 END),
  (COALESCE(bumped_at, published_at, created_at)),
  id
) INCLUDE (ends_at) WHERE status = 'active' AND cat = 2;

CREATE INDEX ads_board_second_hand_category ON ads (
  (field_values ->> 'salesCatID'),
  (CASE WHEN ad_type IN ('SUPERGOLD', 'Premium', 'Platinum', 'VIP', 'EasyStart') THEN 2 WHEN ad_type IN ('UpgradePlus', 'Bold', 'Upgrade') THEN 1 ELSE 0 END),
  (COALESCE(bumped_at, published_at, created_at)),
  id
) INCLUDE (ends_at) WHERE status = 'active' AND cat = 3;

-- The search: every word of it anywhere in the title or the description (ILIKE '%word%'), Hebrew included (the
-- trigrams of a word are its letters' whatever the script). searchTextSql in board-repository.ts is the same text.
CREATE INDEX ads_board_text ON ads USING gin (
  (COALESCE(field_values ->> 'title', field_values ->> 'businessName', '') || ' ' || COALESCE(field_values ->> 'description', field_values ->> 'about', '')) public.gin_trgm_ops
) WHERE status = 'active';
