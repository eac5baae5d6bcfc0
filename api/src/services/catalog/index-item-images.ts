import type pg from "pg";
import type { Logger } from "pino";
import { descriptorEmbedder, type ImageEmbedder } from "../../images/image-embedder";
import { itemImageSvg } from "../../images/item-image";
import { decodeImage, fetchImageBytes } from "../../images/load-image";
import { rasterizeSvg } from "../../images/svg";
import { toVectorLiteral } from "../../embeddings";
import { itemsNeedingImageIndex, setImageEmbeddingSpace, upsertItemImages, type ItemImageSource } from "../../queries/catalog";

const BATCH = 500;
// After a pass that found nothing to do, skip the check for this long (per database pool and
// embedder): the check is an anti-join over every item and image search is a hot path. A pass that
// did work re-checks next time.
const QUIET_MS = 10_000;
const quietByPool = new WeakMap<pg.Pool, Map<string, number>>();

function quietFor(pool: pg.Pool): Map<string, number> {
  let quiet = quietByPool.get(pool);
  if (!quiet) quietByPool.set(pool, (quiet = new Map()));
  return quiet;
}

/**
 * Computes image descriptors for items that have none (or a stale one): the first photo when an
 * item has photos, otherwise its drawn card picture. Runs outside any transaction (photos may be
 * downloaded); returns how many items it indexed.
 */
export async function indexItemImages(pool: pg.Pool, log: Logger, options: { embedder?: ImageEmbedder; max?: number; force?: boolean } = {}): Promise<number> {
  const embedder = options.embedder ?? descriptorEmbedder;
  const quietUntil = quietFor(pool);
  if (!options.force && Date.now() < (quietUntil.get(embedder.kind) ?? 0)) return 0;
  let done = 0;
  const max = options.max ?? Number.POSITIVE_INFINITY;
  while (done < max) {
    const batch = await itemsNeedingImageIndex(pool, embedder.kind, Math.min(BATCH, max - done));
    if (!batch.length) break;
    const rows = [];
    for (const item of batch) rows.push(await describeItem(item, embedder, log));
    await upsertItemImages(pool, rows);
    done += batch.length;
    if (batch.length < BATCH) break;
  }
  if (done === 0) quietUntil.set(embedder.kind, Date.now() + QUIET_MS);
  return done;
}

/**
 * Re-indexes every item's picture with the embedder, then records its space so image search
 * switches to it (`npm run reindex-images`). No transaction is held
 * across a model call; until the switch, searches keep the space the index was in.
 */
export async function reindexItemImages(pool: pg.Pool, log: Logger, embedder: ImageEmbedder): Promise<number> {
  const done = await indexItemImages(pool, log, { embedder, force: true });
  await setImageEmbeddingSpace(pool, embedder.kind);
  quietFor(pool).clear();
  return done;
}

async function describeItem(item: ItemImageSource, embedder: ImageEmbedder, log: Logger) {
  const base = { itemId: item.id, kind: embedder.kind, itemUpdatedAt: item.updated_at };
  const photo = item.image_urls[0];
  let raster;
  try {
    raster = photo ? decodeImage(await fetchImageBytes(photo)) : rasterizeSvg(itemImageSvg({ imageSeed: item.image_seed, imageColor: item.image_color }));
  } catch (err) {
    // One unreadable photo must not stop the index: the row records why, with no vector.
    log.info({ err, itemId: item.id }, "item image not indexed");
    return { ...base, source: `unreadable: ${(err as Error).message}`.slice(0, 300), vector: null };
  }
  // A model that fails is not the picture's fault: the pass stops and the item is retried next time.
  return { ...base, source: photo ?? "drawn", vector: toVectorLiteral(await embedder.embed(raster)) };
}
