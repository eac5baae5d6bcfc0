import type { JobEvent, JobEventName } from "@atelier/contracts";

/** Who a job event is for: its store's room and the user who started it. */
export type JobEventTarget = { storeId: string | null; userId: string | null };

/**
 * Where the queue publishes job events (`job.progressed`, `job.completed`, `job.failed`,
 * `job.cancelled`). The realtime module implements it to emit to store and user rooms; the
 * queue calls it only after the row it describes is stored, so a client that resyncs from
 * GET /web/jobs/{id} never reads an older state than the event it saw.
 */
export type JobEvents = {
  publish(event: JobEventName, payload: JobEvent, to: JobEventTarget): void;
};

/** Publishes nowhere: the default until the realtime module is wired in. */
export const noJobEvents: JobEvents = { publish() {} };

export type PublishedJobEvent = { event: JobEventName; payload: JobEvent; to: JobEventTarget };

/** Keeps every event in memory and tells listeners (tests, and in-process consumers). */
export function createMemoryJobEvents() {
  const published: PublishedJobEvent[] = [];
  const listeners = new Set<(e: PublishedJobEvent) => void>();
  return {
    published,
    publish(event: JobEventName, payload: JobEvent, to: JobEventTarget) {
      const e = { event, payload, to };
      published.push(e);
      for (const listener of listeners) listener(e);
    },
    /** Calls the listener for each later event; returns the unsubscribe. */
    subscribe(listener: (e: PublishedJobEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies JobEvents & Record<string, unknown>;
}
