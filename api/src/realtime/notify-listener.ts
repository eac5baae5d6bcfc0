import type { Logger } from "pino";
import { REALTIME_NOTIFY_CHANNEL, parseRealtimeEvent } from "@atelier/contracts";
import { listenOnDatabase } from "../db/listen";
import { deliverLocally } from "./publish";

/**
 * Listens on Postgres for events published by processes that have no socket server (the agent
 * server run apart: see agent-server/src/realtime-publisher.ts). NOTIFY is delivered only when the
 * sending transaction commits, and to every listening API process, so each one emits to its own
 * sockets only. Real Postgres only: the embedded database serves one process, which publishes in memory.
 */
export async function listenForNotifications(databaseUrl: string, log: Logger): Promise<{ close(): Promise<void> }> {
  return listenOnDatabase(
    databaseUrl,
    [REALTIME_NOTIFY_CHANNEL],
    {
      onNotification(message) {
        if (!message.payload) return;
        try {
          deliverLocally(parseRealtimeEvent(JSON.parse(message.payload)));
        } catch (err) {
          log.warn({ err }, "realtime: a notification broke the event contract; dropped");
        }
      },
    },
    log,
  );
}
