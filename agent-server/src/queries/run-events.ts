import type { Queryable } from "@atelier/api/platform";
import type { EventRow } from "./run-rows";

// agent_run_events read back: a run's stream after a sequence number, and its last number.

export async function eventsAfter(db: Queryable, runId: string, afterSeq: number) {
  const { rows } = await db.query<EventRow>("SELECT seq, event, data FROM agent_run_events WHERE run_id = $1 AND seq > $2 ORDER BY seq", [runId, afterSeq]);
  return rows;
}

export async function lastEventSeq(db: Queryable, runId: string) {
  const { rows } = await db.query<{ seq: number | null }>("SELECT max(seq) AS seq FROM agent_run_events WHERE run_id = $1", [runId]);
  return rows[0]?.seq ?? 0;
}
