-- Conversation attachments and image pins (issue 18). Either side of a conversation attaches a
-- file (images, PDFs, videos, Illustrator files, spreadsheets); the bytes live in file storage,
-- this row says whose conversation they belong to, so only its participants can download them.
-- An image attachment carries numbered pins (a point and a comment) from either side.

-- Spreadsheets and other files not sorted into IMAGE, VIDEO, PDF or AI (000 §5) travel as FILE.
ALTER TABLE conversation_messages DROP CONSTRAINT conversation_messages_type_check;
ALTER TABLE conversation_messages ADD CONSTRAINT conversation_messages_type_check CHECK (type IN ('TEXT', 'IMAGE', 'VIDEO', 'PDF', 'AI', 'CREATOR_MILESTONE',
  'CATALOG_ITEM', 'REMIX_PRODUCT_ITEM', 'IMAGE_COLLABORATION', 'ZOOM_MEETING', 'ZOOM_MEETING_REQUEST', 'SUPPLIER_PROFILE', 'CREATOR_CUSTOM_PROJECT',
  'TRACKING_LINK', 'QUOTE', 'FILE'));

CREATE TABLE conversation_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  -- The message that carries it (set in the same transaction as the message).
  message_index integer NOT NULL,
  side text NOT NULL CHECK (side IN ('STORE', 'SUPPLIER')),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('IMAGE', 'VIDEO', 'PDF', 'AI', 'FILE')),
  file_name text NOT NULL,
  extension text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  storage_key text NOT NULL,
  -- Raster images only: their size in pixels and a small WebP copy for the conversation.
  width integer,
  height integer,
  thumbnail_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversation_attachments_conversation_idx ON conversation_attachments (conversation_id, created_at DESC, id);

CREATE TABLE attachment_pins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  attachment_id uuid NOT NULL REFERENCES conversation_attachments(id) ON DELETE CASCADE,
  -- 1, 2, 3… per image, in the order they were dropped (the label drawn on the picture).
  number integer NOT NULL CHECK (number > 0),
  -- Normalised to the picture (0 = left/top, 1 = right/bottom), so any rendered size places it.
  x double precision NOT NULL CHECK (x >= 0 AND x <= 1),
  y double precision NOT NULL CHECK (y >= 0 AND y <= 1),
  comment text NOT NULL,
  side text NOT NULL CHECK (side IN ('STORE', 'SUPPLIER')),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (attachment_id, number)
);
