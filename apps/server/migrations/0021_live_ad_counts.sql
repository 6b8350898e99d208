-- Counts of live ads shown while publishing (publish-wizard.md §7, after-save-area.md §3-§5, §7, §9):
-- same-ads counters of a saved ad, real-estate counts per address / home type / price, the cars glimpse
-- (apps/server/src/counts/). Each count reads only live ads (status 'active'), so each index is partial on it and
-- on one category: the live ads are a small part of the table, and the queries name the category as a literal.
-- The expressions are exactly those the queries compare (field_values ->> 'key'); test: counts.test.ts (EXPLAIN).

-- Vehicles: the same make and model (counters, glimpse car_step=model), and year (glimpse car_step=area).
CREATE INDEX ads_live_vehicles ON ads (
  subcat, (field_values ->> 'manufacturer'), (field_values ->> 'model'), (field_values ->> 'year')
) WHERE status = 'active' AND cat = 1;

-- Real estate: city, neighbourhood and home type (real-estate-count steps 1-3, counters); the price band of step 3
-- is a filter on the rows this index finds.
CREATE INDEX ads_live_real_estate ON ads (
  subcat, (field_values ->> 'city'), (field_values ->> 'neighborhood'), (field_values ->> 'HomeTypeID')
) WHERE status = 'active' AND cat = 2;

-- Second hand: the product category and the area (counters of cat 3 subcat 0).
CREATE INDEX ads_live_second_hand ON ads (
  subcat, (field_values ->> 'salesCatID'), (field_values ->> 'salesSubCatID'), (field_values ->> 'area')
) WHERE status = 'active' AND cat = 3;
