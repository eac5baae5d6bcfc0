-- Orders (issue 16): each order's kept search text (0553) as its words, one row per order and word,
-- keyed by the word. A search that is one whole word and that more than the cap of orders hold (a
-- first name) is told common by reading the cap's worth of keys of that word in this index, where
-- gathering the text's trigram candidates and re-reading a thousand rows took about 1.1 ms of a
-- first-name search's 1.5 (docs/benchmarks.md, osearch14). Each word is a piece of the text, so the
-- orders holding a word are some of the orders whose text contains it: past the cap here, the search
-- matches more than the cap; at or under it, the search counts as before. The rows are written with
-- the texts, in the same transaction, so a reader sees both as of one moment.
--
-- No foreign key: an order's words are removed with its text by the trigger below (its key is the
-- index's), so deleting an order needs no index on order_id here.
CREATE TABLE order_search_words (
  store_id uuid NOT NULL,
  word text NOT NULL,
  order_id uuid NOT NULL,
  PRIMARY KEY (store_id, word, order_id)
);

-- The words of a text: its runs of letters and digits, each once.
CREATE FUNCTION order_search_words_of(search_text text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(search_text, '[^[:alnum:]]+') w WHERE w <> ''
$$;

CREATE FUNCTION order_search_words_after_texts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_search_words (store_id, word, order_id)
  SELECT n.store_id, w, n.order_id FROM new_rows n, order_search_words_of(n.search_text) w;
  RETURN NULL;
END $$;
CREATE FUNCTION order_search_words_after_texts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_search_words x USING old_rows o, order_search_words_of(o.search_text) w
   WHERE x.store_id = o.store_id AND x.word = w AND x.order_id = o.order_id;
  RETURN NULL;
END $$;
-- A text changed (its customer renamed, its e-mail or name shipped to edited, moved to another store):
-- its old words out, its new words in; a placing time changed alone moves no word.
CREATE FUNCTION order_search_words_after_texts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_search_words x USING old_rows o JOIN new_rows n ON n.order_id = o.order_id, order_search_words_of(o.search_text) w
   WHERE (o.store_id, o.search_text) IS DISTINCT FROM (n.store_id, n.search_text)
     AND x.store_id = o.store_id AND x.word = w AND x.order_id = o.order_id;
  INSERT INTO order_search_words (store_id, word, order_id)
  SELECT n.store_id, w, n.order_id FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id, order_search_words_of(n.search_text) w
   WHERE (o.store_id, o.search_text) IS DISTINCT FROM (n.store_id, n.search_text);
  RETURN NULL;
END $$;
CREATE TRIGGER order_search_words_texts_insert AFTER INSERT ON order_search_texts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_words_after_texts_added();
CREATE TRIGGER order_search_words_texts_update AFTER UPDATE ON order_search_texts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_words_after_texts_changed();
CREATE TRIGGER order_search_words_texts_delete AFTER DELETE ON order_search_texts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_words_after_texts_removed();

-- The texts already kept, in one pass.
INSERT INTO order_search_words (store_id, word, order_id)
SELECT t.store_id, w, t.order_id FROM order_search_texts t, order_search_words_of(t.search_text) w;
