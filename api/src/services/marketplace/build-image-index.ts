import type pg from "pg";
import type { Logger } from "pino";
import { z } from "zod";
import { defineJob, type JobDefinition, type JobQueue } from "../../jobs";
import { descriptorEmbedder, type ImageEmbedder } from "../../images/image-embedder";
import { countItemsNeedingImageIndex } from "../../queries/marketplace/images";
import { indexItemImages } from "./index-item-images";

/** How far a picture-index build is: items indexed of those that needed it, and the job doing it. */
export type ImageIndexProgress = { done: number; total: number; share: number; jobId: string | null };

/** The job type that builds the picture index (readable by every store: see get-job.ts). */
export const IMAGE_INDEX_JOB_TYPE = "marketplace.build-image-index";

const running = new WeakMap<pg.Pool, { progress: ImageIndexProgress; finished: Promise<number> }>();

type BuildOptions = { embedder?: ImageEmbedder; jobId?: string | null; onProgress?: (p: ImageIndexProgress) => Promise<void> | void };

/**
 * Builds the picture index (every item without a current vector), so the first image search does
 * not wait ~60 s with no sign of progress; searches meanwhile answer with the share done
 * (imageIndexBuildProgress). One build per database pool at a time: a second call gets the first's.
 */
export function buildImageIndex(pool: pg.Pool, log: Logger, options: BuildOptions = {}): Promise<number> {
  const current = running.get(pool);
  if (current) return current.finished;
  const embedder = options.embedder ?? descriptorEmbedder;
  const progress: ImageIndexProgress = { done: 0, total: 0, share: 0, jobId: options.jobId ?? null };
  const finished = (async () => {
    progress.total = await countItemsNeedingImageIndex(pool, embedder.kind);
    if (!progress.total) return 0;
    log.info({ items: progress.total }, "building the picture index for image search");
    let reported = Promise.resolve();
    const done = await indexItemImages(pool, log, {
      embedder,
      onBatch: (n) => {
        progress.done = Math.min(progress.total, progress.done + n);
        progress.share = progress.done / progress.total;
        // Reported in order, one at a time; the build does not wait on the report.
        reported = reported.then(() => options.onProgress?.({ ...progress }));
      },
    });
    await reported;
    log.info({ items: done }, "picture index built");
    return done;
  })();
  const settled = finished.finally(() => running.delete(pool));
  running.set(pool, { progress, finished: settled });
  return settled;
}

/**
 * The job that builds the picture index after a start: retried by the queue if the process stops
 * mid-way, its progress stored and published as the queue's `job.progressed` events, and readable
 * through GET /web/jobs/{id} by the image search screen while a search waits.
 */
export function imageIndexJob(pool: pg.Pool, embedder: ImageEmbedder = descriptorEmbedder): JobDefinition<z.ZodObject<Record<string, never>>, { indexed: number }> {
  return defineJob({
    type: IMAGE_INDEX_JOB_TYPE,
    payload: z.strictObject({}),
    maxAttempts: 3,
    // Indexing the demo catalogue takes about a minute: the lease must outlive a slow batch.
    leaseMs: 120_000,
    async handler(_payload, ctx) {
      const indexed = await buildImageIndex(pool, ctx.log, {
        embedder,
        jobId: ctx.jobId,
        onProgress: (p) => ctx.progress(Math.floor(p.share * 100), `Indexing product pictures: ${p.done.toLocaleString("en-US")} of ${p.total.toLocaleString("en-US")} done.`),
      });
      return { indexed };
    },
  });
}

/** Queues the picture index build on the process's queue (one at a time: a build already queued or running is returned). */
export async function startImageIndexBuild(deps: { pool: pg.Pool; jobs: JobQueue }): Promise<string> {
  const { job } = await deps.jobs.enqueue(imageIndexJob(deps.pool), {}, { singletonKey: "picture-index" });
  return job.id;
}

/** The running build's progress for this pool, or null when none is running. */
export function imageIndexBuildProgress(pool: pg.Pool): ImageIndexProgress | null {
  const current = running.get(pool);
  return current ? { ...current.progress } : null;
}
