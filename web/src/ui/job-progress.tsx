import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { jobs, type ResponseOf } from "../api/contracts";
import { request } from "../api/client";

type Job = ResponseOf<typeof jobs.getJob>;

/**
 * Where live job updates come from: calls onJob with each newer state of the job and returns the
 * unsubscribe. The realtime client's `job.progressed` / `job.completed` / `job.failed` /
 * `job.cancelled` events plug in here; without one, the component polls the job endpoint.
 */
export type JobLiveSource = (jobId: string, onJob: (job: Job) => void) => () => void;

const JobLiveSourceContext = createContext<JobLiveSource | null>(null);

/** Supplies the live-update source to every JobProgress below (the app wires the realtime one here). */
export function JobLiveSourceProvider({ source, children }: { source: JobLiveSource; children: ReactNode }) {
  return <JobLiveSourceContext.Provider value={source}>{children}</JobLiveSourceContext.Provider>;
}

const FINISHED = new Set(["completed", "failed", "cancelled"]);

/** Reads the job endpoint every intervalMs until the job has finished: the fallback live source. */
export function pollingJobSource(intervalMs = 2000): JobLiveSource {
  return (jobId, onJob) => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      request(jobs.getJob, { params: { id: jobId } }, { quiet: true }).then(
        (job) => {
          if (stopped) return;
          onJob(job);
          if (!FINISHED.has(job.status)) timer = setTimeout(tick, intervalMs);
        },
        // A failed read (offline for a moment) is tried again at the next tick; the bar keeps its last state.
        () => {
          if (!stopped) timer = setTimeout(tick, intervalMs);
        },
      );
    };
    timer = setTimeout(tick, intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  };
}

const defaultSource = pollingJobSource();

export type JobProgressProps = {
  jobId: string;
  /** What the work is, for the bar's label ("Exporting your catalogue"). */
  label?: string;
  /** Overrides the provider's live source (tests, a screen with its own). */
  live?: JobLiveSource;
  /** Shown once the job has completed (default "Done."). */
  doneText?: string;
  /** Offers a Cancel button while the job has not finished. */
  cancellable?: boolean;
  /** Called once when the job reaches a final state. */
  onFinished?: (job: Job) => void;
};

/** Long work's progress: a bar with the job's message, the error in a sentence on failure, and a done state. */
export function JobProgress({ jobId, label = "Working on it", live, doneText = "Done.", cancellable = false, onFinished }: JobProgressProps) {
  const contextSource = useContext(JobLiveSourceContext);
  const source = live ?? contextSource ?? defaultSource;
  const [job, setJob] = useState<Job | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  useEffect(() => {
    let active = true;
    // Live updates and reads can cross: the newest state wins, whichever arrives last.
    const accept = (next: Job) => {
      if (!active) return;
      setJob((current) => (current && current.updatedAt > next.updatedAt ? current : next));
    };
    setJob(null);
    setLoadFailed(false);
    request(jobs.getJob, { params: { id: jobId } }, { quiet: true }).then(accept, () => active && setLoadFailed(true));
    const unsubscribe = source(jobId, accept);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [jobId, source]);

  const finished = job !== null && FINISHED.has(job.status);
  useEffect(() => {
    if (job && finished) finishedRef.current?.(job);
  }, [finished, job]);

  async function cancel() {
    setCancelling(true);
    try {
      setJob(await request(jobs.cancelJob, { params: { id: jobId } }));
    } catch {
      // The request client has shown the error; the bar keeps going.
      setCancelling(false);
    }
  }

  if (!job) {
    return (
      <div className="job-progress" data-testid="job-progress">
        <p className={loadFailed ? "job-progress-error" : "muted"}>{loadFailed ? "We couldn't load this task's progress. Reload the page to try again." : "Loading progress…"}</p>
      </div>
    );
  }
  if (job.status === "completed") {
    return (
      <div className="job-progress" data-testid="job-progress">
        <p className="job-progress-done" role="status">{doneText}</p>
      </div>
    );
  }
  if (job.status === "failed") {
    return (
      <div className="job-progress" data-testid="job-progress">
        <p className="job-progress-error" role="alert">{`${label} didn't finish: ${sentence(job.error ?? "something went wrong.")}`}</p>
      </div>
    );
  }
  if (job.status === "cancelled") {
    return (
      <div className="job-progress" data-testid="job-progress">
        <p className="muted" role="status">Cancelled.</p>
      </div>
    );
  }
  const percent = job.progress.percent;
  return (
    <div className="job-progress" data-testid="job-progress">
      <div className="job-progress-row">
        <span>{statusLine(job)}</span>
        <span className="muted">{percent}%</span>
      </div>
      <div className="job-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="job-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {job.status === "queued" && job.error ? <p className="muted">{`Trying again shortly. The last try stopped: ${sentence(job.error)}`}</p> : null}
      {cancellable ? (
        <div>
          <button type="button" onClick={() => void cancel()} disabled={cancelling || job.progress.percent >= 100}>
            {cancelling ? "Cancelling…" : "Cancel"}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function statusLine(job: Job): string {
  if (job.progress.message) return job.progress.message;
  return job.status === "queued" ? "Waiting to start…" : "Working…";
}

/** An error as a sentence: a capital first letter and a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
