import type { Job } from "@atelier/contracts";
import { pollingJobSource, type JobLiveSource } from "../ui/job-progress";
import { onRealtimeEvent } from "./realtime-client";

const JOB_EVENTS = ["job.progressed", "job.completed", "job.failed", "job.cancelled"] as const;

/**
 * Live job updates over the realtime socket, with a slow poll beside it: an event missed while the
 * socket reconnected is caught up from GET /web/jobs/{id} (the database is the truth).
 */
export function realtimeJobSource(resyncMs = 10_000): JobLiveSource {
  const poll = pollingJobSource(resyncMs);
  return (jobId, onJob) => {
    const forThisJob = (payload: { job: Job }) => {
      if (payload.job.id === jobId) onJob(payload.job);
    };
    const stops = JOB_EVENTS.map((name) => onRealtimeEvent(name, forThisJob));
    const stopPoll = poll(jobId, onJob);
    return () => {
      for (const stop of stops) stop();
      stopPoll();
    };
  };
}
