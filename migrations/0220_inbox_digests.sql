-- Inbox e-mail (and SMS) digests (issue 18): each side of a conversation remembers the highest
-- message index already told about in a digest, so a message is announced at most once, even when
-- the side marks it unread again, and a digest covers every new message of many conversations.
ALTER TABLE conversations ADD COLUMN store_notified_index integer;
ALTER TABLE conversations ADD COLUMN supplier_notified_index integer;

-- The digest job looks for conversations with recent messages; last_message_at is already indexed
-- per side (conversations_store_idx, conversations_supplier_idx), this one serves the global scan.
CREATE INDEX conversations_last_message_at_idx ON conversations (last_message_at);
