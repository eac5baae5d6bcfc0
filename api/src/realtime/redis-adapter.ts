import { createClient } from "redis";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import type { Logger } from "pino";

export type RedisAdapter = { adapter: ReturnType<typeof createAdapter>; close(): Promise<void> };

/**
 * The socket.io Redis streams adapter on REDIS_URL: events emitted on one API process reach the
 * sockets of every other. Streams (not PUB/SUB) so a process that loses Redis for a moment reads
 * what it missed when it is back, and connection-state recovery works across processes.
 */
export async function connectRedisAdapter(url: string, log: Logger): Promise<RedisAdapter> {
  const client = createClient({ url });
  // The client reconnects by itself; each failure is logged, none stops the API (events then reach this process's sockets only).
  client.on("error", (err: unknown) => log.warn({ err }, "realtime: the Redis connection failed; retrying"));
  await client.connect();
  return {
    adapter: createAdapter(client, { streamName: "atelier:realtime", blockTimeInMs: 2000 }),
    async close() {
      await client.quit().catch((err: unknown) => log.warn({ err }, "realtime: closing the Redis connection failed"));
    },
  };
}
