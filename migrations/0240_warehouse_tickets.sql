-- Warehouse tickets (issue 16; 000 §4 support ticket types, §7 /web/creator-warehouse-tickets): a
-- store asks its fulfilment center about an order (a return or exchange, missing or wrong items,
-- a lost or late parcel, a broken item, a cancellation or refund, releasing a hold, a wholesale
-- packing slip or order requirements). Each ticket is a conversation between the store and the
-- warehouse, with files uploaded through /upload attached to its messages. Status: OPEN (the
-- warehouse owes an answer), ANSWERED (the store's turn), CLOSED.

CREATE TABLE warehouse_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- WT-1001, WT-1002… per store (numbered under a transaction-scoped advisory lock).
  number integer NOT NULL CHECK (number > 1000),
  type text NOT NULL CHECK (type IN ('RETURN_EXCHANGE', 'MISSING_WRONG_ITEMS', 'LOST_DELAYED', 'BROKEN', 'CANCELED_REFUND', 'RELEASE_HOLD', 'WHOLESALE_ATTACHMENT_PACKING_SLIP', 'WHOLESALE_ORDER_REQUIREMENTS')),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'ANSWERED', 'CLOSED')),
  subject text NOT NULL CHECK (length(subject) BETWEEN 3 AND 200),
  order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
  created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  UNIQUE (store_id, number),
  CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL))
);
CREATE INDEX warehouse_tickets_store_idx ON warehouse_tickets (store_id, updated_at DESC, id DESC);
CREATE INDEX warehouse_tickets_order_idx ON warehouse_tickets (store_id, order_id) WHERE order_id IS NOT NULL;

CREATE TABLE warehouse_ticket_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id uuid NOT NULL REFERENCES warehouse_tickets(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- Who wrote it: a member of the store, or the fulfilment center.
  author text NOT NULL CHECK (author IN ('STORE', 'WAREHOUSE')),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  -- [{ "uploadId", "fileName", "url" }]: files of the store's uploads, kept by id.
  attachments jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX warehouse_ticket_messages_ticket_idx ON warehouse_ticket_messages (ticket_id, created_at, id);
