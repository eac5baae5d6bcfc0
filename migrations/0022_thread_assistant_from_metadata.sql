-- The assistant panel used to create threads with metadata {assistant_id: …}, which the agent server
-- kept as plain metadata: such a thread had no assistant until its first run, and a search by
-- assistant_id filtered nothing. The server now reads either key as the thread's assistant
-- (docs/decisions.md); threads created that way and never run get theirs from the metadata.
UPDATE agent_threads
   SET assistant_id = metadata ->> 'assistant_id', metadata = metadata - 'assistant_id'
 WHERE assistant_id IS NULL AND jsonb_typeof(metadata -> 'assistant_id') = 'string';
