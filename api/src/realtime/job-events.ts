import type { JobEvents } from "../jobs/events";
import { publish } from "./publish";

/**
 * The job queue's publisher: each job event goes to the job's store room (every open screen of the
 * store follows an export or an import) or, for a job without a store, to the user who started it.
 * The queue publishes only after the row is stored, so a tab that resyncs never reads older state.
 */
export const realtimeJobEvents: JobEvents = {
  publish(event, payload, to) {
    if (to.storeId) publish({ name: event, to: { storeId: to.storeId }, payload });
    else if (to.userId) publish({ name: event, to: { userId: to.userId }, payload });
  },
};
