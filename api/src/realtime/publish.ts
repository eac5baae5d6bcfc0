import { parseRealtimeEvent, type RealtimeEvent } from "@atelier/contracts";
import { afterCommit, type Queryable } from "../db/pool";

/** Something that delivers events to sockets: the socket server of this process. */
export type RealtimeHub = {
  /** Emits to the audience's room; `local` reaches only this process's sockets (each process got the event itself). */
  emit(event: RealtimeEvent, options?: { local?: boolean }): void;
};

// The socket servers of this process (one in production; tests may start several APIs in one
// process, and an event then reaches each, its rooms still deciding who receives it).
const hubs = new Set<RealtimeHub>();

/** Adds a socket server to the process's publishers; returns its removal. */
export function registerHub(hub: RealtimeHub): () => void {
  hubs.add(hub);
  return () => hubs.delete(hub);
}

/**
 * Publishes an event now, to every socket of its audience (through the Redis adapter, on every
 * API process). Use it for facts already committed or never stored (a job's progress); for a
 * write in a transaction use publishAfterCommit. Throws if the payload breaks its contract.
 */
export function publish(event: RealtimeEvent): void {
  deliver(parseRealtimeEvent(event));
}

/**
 * Publishes an event once db's transaction commits (never if it rolls back); at once when db is
 * the pool. The payload is checked now, so a broken one fails the write that caused it.
 */
export function publishAfterCommit(db: Queryable, event: RealtimeEvent): void {
  const parsed = parseRealtimeEvent(event);
  afterCommit(db, () => deliver(parsed));
}

/** Emits an event received from another process (Postgres NOTIFY) to this process's sockets only. */
export function deliverLocally(event: RealtimeEvent): void {
  for (const hub of hubs) hub.emit(event, { local: true });
}

function deliver(event: RealtimeEvent): void {
  for (const hub of hubs) hub.emit(event);
}
