import type pg from "pg";
import type { Logger } from "pino";
import { descriptorEmbedder, type ImageEmbedder } from "../../images/image-embedder";
import { itemImageSvg } from "../../images/item-image";
import { pictureKindOf } from "../../images/picture-kinds";
import { decodeImage, fetchImageBytes } from "../../images/load-image";
import { rasterizeSvg } from "../../images/svg";
import { toVectorLiteral } from "../../embeddings";
import { itemsNeedingImageIndex, setImageEmbeddingSpace, upsertItemImages, type ItemImageSource } from "../../queries/marketplace/images";

const BATCH = 500;
// The catalogue's version at which a pass found nothing to do, per database pool and embedder. Any
// change to items or their pictures moves the version (migration 0019), so until it moves there is
// nothing new to index and image search skips the check, an anti-join over every item.
const completeByPool = new WeakMap<pg.Pool, Map<string, string>>();

function completeFor(pool: pg.Pool): Map<string, string> {
  let complete = completeByPool.get(pool);
  if (!complete) completeByPool.set(pool, (complete = new Map()));
  return complete;
}

/**
 * Computes image descriptors for items that have none (or a stale one): the first photo when an
 * item has photos, otherwise its drawn card picture. Runs outside any transaction (photos may be
 * downloaded); returns how many items it indexed.
 */
export async function indexItemImages(
  pool: pg.Pool,
  log: Logger,
  /** `catalogVersion`: the version the caller read; the check is skipped when a pass at it found nothing to do. */
  options: { embedder?: ImageEmbedder; max?: number; force?: boolean; catalogVersion?: string; onBatch?: (indexed: number) => void } = {},
): Promise<number> {
  const embedder = options.embedder ?? descriptorEmbedder;
  const complete = completeFor(pool);
  if (!options.force && options.catalogVersion !== undefined && complete.get(embedder.kind) === options.catalogVersion) return 0;
  let done = 0;
  const max = options.max ?? Number.POSITIVE_INFINITY;
  while (done < max) {
    const batch = await itemsNeedingImageIndex(pool, embedder.kind, Math.min(BATCH, max - done));
    if (!batch.length) break;
    const rows = [];
    for (const item of batch) rows.push(await describeItem(item, embedder, log));
    await upsertItemImages(pool, rows);
    done += batch.length;
    options.onBatch?.(batch.length);
    if (batch.length < BATCH) break;
  }
  // A pass that did work moved the version itself (its upserts), so the next search checks again.
  if (done === 0 && options.catalogVersion !== undefined) complete.set(embedder.kind, options.catalogVersion);
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
  completeFor(pool).clear();
  return done;
}

async function describeItem(item: ItemImageSource, embedder: ImageEmbedder, log: Logger) {
  const base = { itemId: item.id, kind: embedder.kind, itemUpdatedAt: item.updated_at };
  const photo = item.image_urls[0];
  let raster;
  try {
    raster = photo ? await decodeImage(await fetchImageBytes(photo)) : rasterizeSvg(itemImageSvg({ imageSeed: item.image_seed, imageColor: item.image_color, kind: pictureKindOf(item.title) }));
  } catch (err) {
    // One unreadable photo must not stop the index: the row records why, with no vector.
    log.info({ err, itemId: item.id }, "item image not indexed");
    return { ...base, source: `unreadable: ${(err as Error).message}`.slice(0, 300), vector: null };
  }
  // A model that fails is not the picture's fault: the pass stops and the item is retried next time.
  return { ...base, source: photo ?? "drawn", vector: toVectorLiteral(await embedder.embed(raster)) };
}
