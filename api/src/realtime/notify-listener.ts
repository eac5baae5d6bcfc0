import pg from "pg";
import type { Logger } from "pino";
import { REALTIME_NOTIFY_CHANNEL, parseRealtimeEvent } from "@atelier/contracts";
import { deliverLocally } from "./publish";

/**
 * Listens on Postgres for events published by processes that have no socket server (the agent
 * server run apart: see agent-server/src/realtime-publisher.ts). NOTIFY is delivered only when the
 * sending transaction commits, and to every listening API process, so each one emits to its own
 * sockets only. Real Postgres only: the embedded database serves one process, which publishes in memory.
 */
export async function listenForNotifications(databaseUrl: string, log: Logger): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel !== REALTIME_NOTIFY_CHANNEL || !message.payload) return;
      try {
        deliverLocally(parseRealtimeEvent(JSON.parse(message.payload)));
      } catch (err) {
        log.warn({ err }, "realtime: a notification broke the event contract; dropped");
      }
    });
    next.on("error", (err) => {
      log.warn({ err }, "realtime: the Postgres listener failed; reconnecting");
      void next.end().catch((endErr: unknown) => log.debug({ err: endErr }, "realtime: closing the failed listener failed"));
      if (client === next) client = null;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${REALTIME_NOTIFY_CHANNEL}`);
    client = next;
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: unknown) => {
        log.warn({ err }, "realtime: reconnecting the Postgres listener failed");
        scheduleReconnect();
      });
    }, 1000);
    retry.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end();
    },
  };
}
