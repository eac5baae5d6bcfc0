import type { Queryable } from "../db/pool";

// The agent server's threads, read-only: the API only asks who owns one.

export type ThreadOwnerRow = { store_id: string | null; user_id: string | null; anonymous_id: string | null };

/** The owner of an agent thread (a signed-in user of a store, or an anonymous visitor), or null. */
export async function getThreadOwner(db: Queryable, threadId: string): Promise<ThreadOwnerRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(threadId)) return null;
  const { rows } = await db.query<ThreadOwnerRow>("SELECT store_id, user_id, anonymous_id FROM agent_threads WHERE thread_id = $1", [threadId]);
  return rows[0] ?? null;
}
