-- The board's search finds an ad by the words of the title buyers read ("טויוטה קורולה 2021"), which the ad keeps as
-- codes of the catalogue's lists (a make, a model, a year). Those words are now stored beside the values
-- (title_words: the option texts of the choice fields the catalogue's title recipes name, ads/ad-title.ts
-- adTitleWordsOf), written whenever the values are, so that one trigram index answers the whole search; before, each
-- word was also looked up among the options and OR'd with the text by their codes, which the index could not answer.
--
-- NULL is "not written yet": the ads already here, and any an older write left so. The server fills them in batches
-- (the ads.title-words job, scheduled at start, ads/title-words-jobs.ts). A release that renames options (a make, a
-- street list) sets the words of the ads concerned back to NULL in its migration, and the fill writes them anew.
ALTER TABLE ads ADD COLUMN title_words text;

CREATE INDEX ads_title_words_unwritten ON ads (id) WHERE title_words IS NULL;

-- The search text of migration 0044 and the title's words: every word of a search anywhere in it (ILIKE '%word%').
-- searchTextSql in board-repository.ts is the same text (board-repository.test.ts compares them).
DROP INDEX ads_board_text;
CREATE INDEX ads_board_text ON ads USING gin (
  (COALESCE(field_values ->> 'title', field_values ->> 'businessName', '') || ' ' || COALESCE(field_values ->> 'description', field_values ->> 'about', '') || ' ' || COALESCE(title_words, '')) public.gin_trgm_ops
) WHERE status = 'active';
