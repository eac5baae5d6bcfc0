import type pg from "pg";
import { notify } from "./queries";
import { REALTIME_NOTIFY_CHANNEL, parseRealtimeEvent, type RealtimeEvent } from "@atelier/contracts";

/** Sends a realtime event to the user's open tabs (through the API's socket server); never throws. */
export type RealtimePublisher = (event: RealtimeEvent) => void;

/**
 * The publisher of an agent server run apart from the API (containers): a Postgres NOTIFY, which
 * every API process LISTENs to and emits to its own sockets (api/src/realtime/notify-listener.ts).
 * It needs no Redis, and is delivered only once committed. Under `npm start` the agent server
 * shares the API's process and is given the API's in-memory `publish` instead.
 */
export function postgresPublisher(pool: pg.Pool, onError: (err: unknown) => void): RealtimePublisher {
  return (event) => {
    const parsed = parseRealtimeEvent(event);
    // Best effort: an event is a hint to reload; a lost one leaves a tab as stale as before realtime.
    notify(pool, REALTIME_NOTIFY_CHANNEL, JSON.stringify(parsed)).catch(onError);
  };
}
