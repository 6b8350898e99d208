-- The second-hand board's section filter reads an ad's section as every plan reads it: the selection's SalesCatID
-- (fashion and a business for sale keep it there, not among their values), else the one chosen in the product step.
-- sectionSql in board/board-repository.ts is the same text; the index replaces the one over the product step's value.
CREATE INDEX ads_board_second_hand_section ON ads (
  (COALESCE(NULLIF(selectors ->> 'SalesCatID', '0'), field_values ->> 'salesCatID')),
  (CASE WHEN ad_type IN ('SUPERGOLD', 'Premium', 'Platinum', 'VIP', 'EasyStart') THEN 2 WHEN ad_type IN ('UpgradePlus', 'Bold', 'Upgrade') THEN 1 ELSE 0 END),
  (COALESCE(bumped_at, published_at, created_at)),
  id
) INCLUDE (ends_at) WHERE status = 'active' AND cat = 3;

DROP INDEX ads_board_second_hand_category;

-- A moderation case may be closed without a decision on its ad: the ad ended or was deleted before a moderator
-- decided (a reported ad whose days ran out), so there is nothing left to approve or refuse.
ALTER TABLE ad_reviews DROP CONSTRAINT ad_reviews_decision_check;
ALTER TABLE ad_reviews ADD CONSTRAINT ad_reviews_decision_check CHECK (decision IN ('approved', 'rejected', 'closed'));
