-- A campaign that asks for the car's registration plate (after-save-area.md §3 "Toyota campaign") keeps it with the
-- lead: 7 or 8 digits (§5 "Toyota plate"); null for a campaign that asks for none. Sending the same choice again
-- keeps one lead per ad and campaign, with the plate sent last.
ALTER TABLE campaign_leads
  ADD COLUMN plate text CHECK (plate ~ '^[0-9]{7,8}$');
