-- Support's customer search (operator/support-repository.ts): the start of an e-mail, case-insensitive, with LIKE
-- 'prefix%' needs an index whose order is the bytes' (text_pattern_ops: customers_email orders by the database's
-- collation, which LIKE cannot use unless it is C); a phone needs an index of its own (the primary key starts with
-- the customer). Measured by bench/operator-lists.ts on 50,000 accounts.
CREATE INDEX customers_email_prefix ON customers (lower(email) text_pattern_ops);
CREATE INDEX customer_phones_phone ON customer_phones (phone);
