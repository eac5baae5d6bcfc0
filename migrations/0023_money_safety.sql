-- Sample order items were stored as "Sample: <title>" while every screen adds the kind itself,
-- so orders read "Sample: Sample: …". The title is now the item's own; old rows lose the prefix.
UPDATE creator_order_items SET title = substr(title, 9)
 WHERE kind = 'SAMPLE' AND title LIKE 'Sample: %';
