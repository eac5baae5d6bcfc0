import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { Job } from "@atelier/contracts";
import { JobLiveSourceProvider, JobProgress, pollingJobSource, type JobLiveSource } from "../src/ui/job-progress";
import { startSession } from "../src/session/session-store";
import { registerRealUser, useRealApi, type RealUser } from "./support/real-api";

// The progress component against the real API: it reads GET /web/jobs/{id} and takes live
// updates from an injected source (the realtime client at merge; a hand-driven one here).
const api = useRealApi();
let user: RealUser;
beforeAll(async () => {
  user = await registerRealUser(api);
}, 60_000);
beforeEach(() => startSession(user));

const TIMEOUT = { timeout: 10_000 };

/** A job of the user's store as a worker would have left it. */
async function insertJob(fields: { status?: string; percent?: number; message?: string | null; error?: string | null; storeId?: string } = {}): Promise<string> {
  const { rows } = await api.db.query<{ id: string }>(
    `INSERT INTO jobs (store_id, type, payload, status, max_attempts, backoff_ms, lease_ms, progress_percent, progress_message, last_error, attempt)
     VALUES ($1, 'catalog.export', '{}', $2, 3, 1000, 30000, $3, $4, $5, 1) RETURNING id`,
    [fields.storeId ?? user.store.id, fields.status ?? "running", fields.percent ?? 0, fields.message ?? null, fields.error ?? null],
  );
  return rows[0]!.id;
}

async function readJob(id: string): Promise<Job> {
  const res = await fetch(`${api.url}/rest/main/web/jobs/${id}`, { headers: { authorization: `Bearer ${user.token}` } });
  return (await res.json()) as Job;
}

/** A live source driven by the test: push() delivers an update to the component. */
function handSource() {
  const listeners = new Map<string, (job: Job) => void>();
  const source: JobLiveSource = (jobId, onJob) => {
    listeners.set(jobId, onJob);
    return () => listeners.delete(jobId);
  };
  return {
    source,
    subscribed: (id: string) => listeners.has(id),
    push: (job: Job) => act(() => listeners.get(job.id)?.(job)),
  };
}

const bar = () => screen.getByRole("progressbar", { name: "Exporting your catalogue" });

describe("JobProgress", () => {
  it("shows the stored progress, then live updates, then the done state", async () => {
    const id = await insertJob({ percent: 30, message: "Reading the catalogue." });
    const live = handSource();
    const onFinished = vi.fn();
    render(<JobProgress jobId={id} label="Exporting your catalogue" live={live.source} doneText="Your export is ready." onFinished={onFinished} />);
    await screen.findByText("Reading the catalogue.", {}, TIMEOUT);
    expect(bar().getAttribute("aria-valuenow")).toBe("30");
    expect(live.subscribed(id)).toBe(true);

    const stored = await readJob(id);
    await live.push({ ...stored, progress: { percent: 70, message: "Writing 700 of 1,000 rows." }, updatedAt: new Date(Date.now() + 1000).toISOString() });
    expect(screen.getByText("Writing 700 of 1,000 rows.")).toBeTruthy();
    expect(bar().getAttribute("aria-valuenow")).toBe("70");
    // An older state arriving late does not move the bar back.
    await live.push({ ...stored, progress: { percent: 10, message: "Starting." } });
    expect(bar().getAttribute("aria-valuenow")).toBe("70");

    await live.push({ ...stored, status: "completed", progress: { percent: 100, message: null }, updatedAt: new Date(Date.now() + 2000).toISOString() });
    expect(screen.getByRole("status").textContent).toBe("Your export is ready.");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished.mock.calls[0]![0]).toMatchObject({ id, status: "completed" });
  });

  it("says why a failed job didn't finish, in a sentence", async () => {
    const id = await insertJob({ status: "failed", error: "the file has no header row" });
    render(<JobProgress jobId={id} label="Importing your products" live={handSource().source} />);
    const alert = await screen.findByRole("alert", {}, TIMEOUT);
    expect(alert.textContent).toBe("Importing your products didn't finish: The file has no header row.");
  });

  it("says a retry is coming while a failed attempt waits to run again", async () => {
    const id = await insertJob({ status: "queued", error: "The carrier did not answer." });
    render(<JobProgress jobId={id} label="Exporting your catalogue" live={handSource().source} />);
    await screen.findByText("Trying again shortly. The last try stopped: The carrier did not answer.", {}, TIMEOUT);
    expect(screen.getByText("Waiting to start…")).toBeTruthy();
  });

  it("follows the job endpoint by itself when no live source is given (polling)", async () => {
    const id = await insertJob({ percent: 5, message: "Queued behind another export." });
    render(
      <JobLiveSourceProvider source={pollingJobSource(20)}>
        <JobProgress jobId={id} label="Exporting your catalogue" />
      </JobLiveSourceProvider>,
    );
    await screen.findByText("Queued behind another export.", {}, TIMEOUT);
    await api.db.query("UPDATE jobs SET status = 'completed', progress_percent = 100, finished_at = now(), updated_at = now() WHERE id = $1", [id]);
    expect((await screen.findByRole("status", {}, TIMEOUT)).textContent).toBe("Done.");
  });

  it("cancels through the API from its Cancel button", async () => {
    const id = await insertJob({ status: "queued", message: null });
    render(<JobProgress jobId={id} label="Exporting your catalogue" live={handSource().source} cancellable />);
    const button = await screen.findByRole("button", { name: "Cancel" }, TIMEOUT);
    await act(async () => fireEvent.click(button));
    expect((await screen.findByRole("status", {}, TIMEOUT)).textContent).toBe("Cancelled.");
    const { rows } = await api.db.query("SELECT status FROM jobs WHERE id = $1", [id]);
    expect(rows[0].status).toBe("cancelled");
  });

  it("does not show another store's job", { timeout: 30_000 }, async () => {
    const other = await registerRealUser(api);
    const id = await insertJob({ storeId: other.store.id, percent: 50, message: "Their export." });
    render(<JobProgress jobId={id} label="Exporting your catalogue" live={handSource().source} />);
    await screen.findByText("We couldn't load this task's progress. Reload the page to try again.", {}, TIMEOUT);
    expect(screen.queryByText("Their export.")).toBeNull();
  });
});
