-- Issue 14, item 8: caps on the threads a storefront visitor or a store keeps. A visitor's threads
-- are counted per anonymous id and per address over a day, so the address is kept with the thread.
ALTER TABLE agent_threads ADD COLUMN client_ip text;
CREATE INDEX agent_threads_visitor_created_idx ON agent_threads (anonymous_id, created_at) WHERE anonymous_id IS NOT NULL;
CREATE INDEX agent_threads_visitor_ip_idx ON agent_threads (client_ip, created_at) WHERE anonymous_id IS NOT NULL;
