-- Product feeds (issue 16, sales channels: Instagram Shopping and Google Shopping). A feed needs a
-- link, a picture, a price and a brand per SKU, which the inventory does not hold and no storefront
-- product gives yet: each SKU gets its listing here, edited on the feed pages. Kept beside the
-- inventory item (one row per SKU, gone with it) because it describes the SKU, not a channel.

CREATE TABLE inventory_feed_listings (
  item_id uuid PRIMARY KEY REFERENCES inventory_items(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- '' means the SKU's own title.
  title text NOT NULL DEFAULT '' CHECK (length(title) <= 150),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
  link text NOT NULL DEFAULT '' CHECK (length(link) <= 2000),
  image_link text NOT NULL DEFAULT '' CHECK (length(image_link) <= 2000),
  price_cents integer CHECK (price_cents > 0),
  brand text NOT NULL DEFAULT '' CHECK (length(brand) <= 70),
  gtin text NOT NULL DEFAULT '' CHECK (gtin ~ '^([0-9]{8}|[0-9]{12,14})?$'),
  mpn text NOT NULL DEFAULT '' CHECK (length(mpn) <= 70),
  condition text NOT NULL DEFAULT 'NEW' CHECK (condition IN ('NEW', 'REFURBISHED', 'USED')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inventory_feed_listings_store_idx ON inventory_feed_listings (store_id);

-- The secret in the feed's address that Merchant Center and Commerce Manager fetch without a
-- session. One per store, shared by both feeds; revoking deletes it, a new one replaces it.
CREATE TABLE product_feed_tokens (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_fetched_at timestamptz
);
