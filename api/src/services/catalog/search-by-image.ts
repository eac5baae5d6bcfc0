import type { BodyOf, ResponseOf, catalog } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { invalid } from "../../errors";
import { dominantColors } from "../../images/descriptor";
import { descriptorEmbedder } from "../../images/image-embedder";
import { decodeImage, fetchImageBytes, uploadedBytes } from "../../images/load-image";
import { ImageDecodeError, type Raster } from "../../images/raster";
import { toVectorLiteral } from "../../embeddings";
import { itemsNearImage, withNeighbourBudget } from "../../queries/catalog";
import { indexItemImages } from "./index-item-images";
import { logSearch } from "./search-log";
import { toItem } from "./to-dto";

type Body = BodyOf<typeof catalog.searchByImage>;

/** Items whose pictures look most like the given image (colour and composition, not object identity). */
export async function searchByImage(ctx: UserContext, body: Body): Promise<ResponseOf<typeof catalog.searchByImage>> {
  const startedAt = process.hrtime.bigint();
  const raster = await readImage(body);
  await indexItemImages(ctx.pool, ctx.log);
  const embedder = descriptorEmbedder;
  const vector = toVectorLiteral(await embedder.embed(raster));
  const rows = await withNeighbourBudget(ctx.pool, body.quantity + 20, (db) => itemsNearImage(db, vector, embedder.kind, body.quantity, body.type));
  await logSearch(ctx, { target: "IMAGE", keyword: body.imageUrl && !body.imageUrl.startsWith("data:") ? body.imageUrl.slice(0, 500) : "(uploaded image)", filters: { quantity: body.quantity, type: body.type }, resultCount: rows.length, startedAt });
  return {
    list: rows.map((r) => ({ ...toItem(r), similarity: Math.round(r.similarity * 10_000) / 10_000 })),
    descriptor: { kind: embedder.kind, dominantColors: dominantColors(raster) },
  };
}

async function readImage(body: Body): Promise<Raster> {
  const field = body.image ? "body.image" : "body.imageUrl";
  try {
    const bytes = body.image ? uploadedBytes(body.image) : await fetchImageBytes(body.imageUrl!);
    return decodeImage(bytes);
  } catch (err) {
    if (err instanceof ImageDecodeError) throw invalid(field, err.message);
    throw err;
  }
}
