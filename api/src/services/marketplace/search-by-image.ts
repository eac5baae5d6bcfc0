import { createHash } from "node:crypto";
import type { BodyOf, ResponseOf, marketplace } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { JsonAnswer } from "../../json-answer";
import { AppError, invalid } from "../../errors";
import { dominantColors } from "../../images/descriptor";
import { descriptorEmbedder, resolveImageEmbedder, type ImageEmbedder } from "../../images/image-embedder";
import { decodeImage, fetchImageBytes, uploadedBytes } from "../../images/load-image";
import { ImageDecodeError, type Raster } from "../../images/raster";
import { toVectorLiteral } from "../../embeddings";
import { itemsNearImage, setImageEmbeddingSpace } from "../../queries/marketplace/images";
import { sharedCatalogState } from "../../queries/marketplace/search-log";
import { indexItemImages } from "./index-item-images";
import { imageIndexBuildProgress } from "./build-image-index";
import { cachedSearch } from "./search-cache";
import { logSearch } from "./search-log";
import { toItem } from "./dto";

type Body = BodyOf<typeof marketplace.searchByImage>;

// Items a search indexes on its way with a model, at most: the rest follow on later searches
// (the re-index CLI does them all at once), so no request waits on thousands of model calls.
const LAZY_MODEL_INDEX = 200;
const warned = new Set<string>();

/**
 * Items whose pictures look most like the given image (by the configured image model, or colour and
 * composition offline). Answers are kept under the catalogue's version, keyed by the image's bytes.
 */
export async function searchByImage(ctx: UserContext, body: Body): Promise<JsonAnswer<ResponseOf<typeof marketplace.searchByImage>>> {
  const startedAt = process.hrtime.bigint();
  const field = body.image ? "body.image" : "body.imageUrl";
  const bytes = await asField(field, () => (body.image ? uploadedBytes(body.image) : fetchImageBytes(body.imageUrl!)));
  // One round trip for both: the version must be read before the search runs (see cachedSearch).
  const { version, imageSpace } = await sharedCatalogState(ctx.pool);
  const embedder = await imageEmbedderFor(ctx, imageSpace);
  // The index is still being built after a start: say how far it is instead of waiting on it
  // (the web shows the share and asks again); such an answer is never kept.
  const building = embedder === descriptorEmbedder ? imageIndexBuildProgress(ctx.pool) : null;
  if (building) return JsonAnswer.of({ list: [], descriptor: { kind: embedder.kind, dominantColors: [] }, indexing: building });
  await indexOnTheWay(ctx, embedder, version);
  const key = `image:${embedder.kind}:${body.quantity}:${body.type ?? ""}:${createHash("sha256").update(bytes).digest("base64")}`;
  const { answer, resultCount, fromCache } = await cachedSearch(ctx, key, (value) => value.list.length, async () => {
    const raster = await asField(field, () => decodeImage(bytes));
    const vector = toVectorLiteral(await embedQuery(embedder, raster));
    // The kind filter is the space check: only vectors the same embedder made are compared.
    const rows = await itemsNearImage(ctx.pool, vector, embedder.kind, body.quantity, body.type);
    return {
      list: rows.map((r) => ({ ...toItem(r), similarity: Math.round(r.similarity * 10_000) / 10_000 })),
      descriptor: { kind: embedder.kind, dominantColors: dominantColors(raster) },
    };
  }, version);
  logSearch(ctx, { target: "IMAGE", keyword: body.imageUrl && !body.imageUrl.startsWith("data:") ? body.imageUrl.slice(0, 500) : "(uploaded image)", filters: { quantity: body.quantity, type: body.type }, resultCount, startedAt, fromCache });
  return answer;
}

/** The configured embedder when the index is in its space; otherwise see resolveImageEmbedder. */
async function imageEmbedderFor(ctx: UserContext, recorded: string | null): Promise<ImageEmbedder> {
  const embedder = resolveImageEmbedder(recorded, ctx.providers.imageEmbeddings, (message) => {
    if (!warned.has(message)) ctx.log.warn(message);
    warned.add(message);
  });
  // Back on the descriptor after a model was configured: the descriptor index is rebuilt in full
  // on this search (it is local and fast), so the recorded space can follow at once.
  if (embedder === descriptorEmbedder && recorded !== null && recorded !== descriptorEmbedder.kind) {
    await indexItemImages(ctx.pool, ctx.log, { embedder, force: true });
    await setImageEmbeddingSpace(ctx.pool, embedder.kind);
  }
  return embedder;
}

/** Indexes items missing a vector of this kind; with a model, best effort: a failing model leaves them for a later search. */
async function indexOnTheWay(ctx: UserContext, embedder: ImageEmbedder, catalogVersion: string): Promise<void> {
  if (embedder === descriptorEmbedder) {
    await indexItemImages(ctx.pool, ctx.log, { embedder, catalogVersion });
    return;
  }
  try {
    await indexItemImages(ctx.pool, ctx.log, { embedder, max: LAZY_MODEL_INDEX, catalogVersion });
  } catch (err) {
    ctx.log.warn({ err }, "image model failed while indexing item pictures; they are retried on a later search");
  }
}

async function embedQuery(embedder: ImageEmbedder, raster: Raster): Promise<number[]> {
  try {
    return await embedder.embed(raster);
  } catch (err) {
    throw new AppError("BAD_GATEWAY", `The image embedding model did not answer: ${(err as Error).message}`.slice(0, 300));
  }
}

/** Runs a step that reads the image; a picture that cannot be read is a 400 on the image's field. */
async function asField<T>(field: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof ImageDecodeError) throw invalid(field, err.message);
    throw err;
  }
}
