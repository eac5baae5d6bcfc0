import type pg from "pg";
import type { Logger } from "pino";
import { descriptorEmbedder, type ImageEmbedder } from "../../images/image-embedder";
import { countItemsNeedingImageIndex } from "../../queries/marketplace/images";
import { indexItemImages } from "./index-item-images";

/** How far a picture-index build is: items indexed of those that needed it. */
export type ImageIndexProgress = { done: number; total: number; share: number };

const running = new WeakMap<pg.Pool, { progress: ImageIndexProgress; finished: Promise<number> }>();

/**
 * Builds the picture index (every item without a current vector) in the background after a start,
 * so the first image search does not wait ~60 s with no sign of progress; searches meanwhile answer
 * with the share done (imageIndexBuildProgress). One build per database pool at a time.
 *
 * TODO(jobs): this is a plain in-process start for now; it is one function so that it can become a
 * job on the Postgres-backed queue (retries, progress over realtime) once that lands.
 */
export function startImageIndexBuild(pool: pg.Pool, log: Logger, embedder: ImageEmbedder = descriptorEmbedder): Promise<number> {
  const current = running.get(pool);
  if (current) return current.finished;
  const progress: ImageIndexProgress = { done: 0, total: 0, share: 0 };
  const finished = (async () => {
    progress.total = await countItemsNeedingImageIndex(pool, embedder.kind);
    if (!progress.total) return 0;
    log.info({ items: progress.total }, "building the picture index for image search in the background");
    const done = await indexItemImages(pool, log, {
      embedder,
      onBatch: (n) => {
        progress.done = Math.min(progress.total, progress.done + n);
        progress.share = progress.done / progress.total;
      },
    });
    log.info({ items: done }, "picture index built");
    return done;
  })();
  // Best effort: a failed build leaves the items for the search-time pass (indexOnTheWay), which
  // indexes whatever is missing; the failure is logged, not thrown into the start.
  const settled = finished.catch((err: unknown) => {
    log.warn({ err }, "building the picture index failed; image search indexes on its way instead");
    return 0;
  }).finally(() => running.delete(pool));
  running.set(pool, { progress, finished: settled });
  return settled;
}

/** The running build's progress for this pool, or null when none is running. */
export function imageIndexBuildProgress(pool: pg.Pool): ImageIndexProgress | null {
  const current = running.get(pool);
  return current ? { ...current.progress } : null;
}
