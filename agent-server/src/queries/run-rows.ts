import type { Queryable } from "@atelier/api/platform";

/** A stream event; `json` is its data serialised once, for the SSE frame and for storage alike. */
export type EventRow = { seq: number; event: string; data: unknown; json?: string };

/** The event's data as JSON (null when it has none). */
export const eventJson = (e: EventRow) => e.json ?? JSON.stringify(e.data ?? null);

/** When a message id was first seen in a thread (its history-messages time). */
export type MessageStamp = { id: string; at: Date };

/**
 * A run's rows not yet in Postgres: stream events and message stamps. They ride along with a
 * statement the run writes anyway (a checkpoint, its end), so storing them costs no round trip.
 */
export type PendingRunRows = { runId: string; threadId: string; events: EventRow[]; stamps: MessageStamp[] };

/** Where a run's pending rows come from and go back to when the statement carrying them failed. */
export type RunRowsSource = {
  take(runId: string): PendingRunRows | null;
  restore(rows: PendingRunRows): void;
};

/**
 * Appends the CTEs that store pending run rows to a statement under construction; returns
 * them as `name AS (...)` clauses (Postgres runs every data-modifying CTE, referenced or not).
 */
export function runRowsCtes(params: unknown[], rows: PendingRunRows | null): string[] {
  if (!rows) return [];
  const ctes: string[] = [];
  if (rows.events.length) {
    params.push(rows.runId, `[${rows.events.map((e) => `{"seq":${e.seq},"event":${JSON.stringify(e.event)},"data":${eventJson(e)}}`).join(",")}]`);
    const [run, events] = [params.length - 1, params.length];
    ctes.push(`run_events AS (INSERT INTO agent_run_events (run_id, seq, event, data)
      SELECT $${run}::uuid, (e ->> 'seq')::int, e ->> 'event', e -> 'data' FROM jsonb_array_elements($${events}::jsonb) e
      ON CONFLICT DO NOTHING)`);
  }
  if (rows.stamps.length) {
    params.push(rows.threadId, rows.stamps.map((s) => s.id), rows.stamps.map((s) => s.at));
    const [thread, ids, ats] = [params.length - 2, params.length - 1, params.length];
    ctes.push(`run_stamps AS (INSERT INTO agent_thread_messages (thread_id, message_id, created_at)
      SELECT $${thread}::uuid, s.id, s.at FROM unnest($${ids}::text[], $${ats}::timestamptz[]) AS s(id, at)
      ON CONFLICT DO NOTHING)`);
  }
  return ctes;
}

/** Stores pending run rows on their own (a long step with no checkpoint to carry them). */
export async function insertRunRows(db: Queryable, rows: PendingRunRows) {
  const params: unknown[] = [];
  const ctes = runRowsCtes(params, rows);
  if (!ctes.length) return;
  await db.query(`WITH ${ctes.join(",\n")} SELECT 1`, params);
}
