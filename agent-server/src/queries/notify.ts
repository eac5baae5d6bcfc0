import type { Queryable } from "@atelier/api/platform";

// Postgres notifications, the agent server's wake-up and realtime relay.

/** Sends a Postgres notification (delivered to listeners once the sender's transaction commits). */
export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query("SELECT pg_notify($1, $2)", [channel, payload]);
}
