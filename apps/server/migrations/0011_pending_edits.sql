-- Editing a published ad (publish-wizard.md §2 "edit-login step that finishes and publishes";
-- after-save-area.md §4 "Publish button", §7 order-edited). save-ad/{id} of an ACTIVE ad keeps the edit here, not
-- live: field_values stays what the public sees until {OrderID}/order-edited moves pending_values into it and sets
-- edited_at. Drafts (never published) are still edited in field_values directly.
ALTER TABLE ads ADD COLUMN pending_values jsonb;
ALTER TABLE ads ADD COLUMN edited_at timestamptz;
