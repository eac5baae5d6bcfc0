-- Idempotency is kept once, at the route layer (api/src/http/idempotency.ts), for every contract
-- marked idempotent. A key is claimed before the handler runs: status 0 marks a request in flight,
-- then the final answer (status and body) is stored. request_hash tells a different request sent
-- under the same key; claim_id lets only the claimant store or release its answer; updated_at dates
-- an in-flight claim, so one whose process died can be taken over.
ALTER TABLE idempotency_keys
  ADD COLUMN request_hash text,
  ADD COLUMN claim_id uuid,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
