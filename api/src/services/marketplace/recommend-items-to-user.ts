import type { CatalogItem } from "@atelier/contracts/marketplace";
import type { UserContext } from "../../context";
import { embedQuery, toVectorLiteral } from "../../embeddings";
import { itemsNearVector } from "../../queries/marketplace/items";
import { searchItemRows } from "../../queries/marketplace/search";
import { storeTasteVector } from "../../queries/marketplace/suppliers";
import { toItem } from "./dto";

/**
 * Items for this store: nearest to the mean embedding of the suppliers it viewed and favourited
 * (a keyword pulls the mean toward it), from other suppliers than those; featured items when it
 * has no history yet.
 */
export async function recommendItemsToUser(ctx: UserContext, body: { keyword?: string; categoryIds?: number[]; size: number }): Promise<{ list: CatalogItem[]; basedOn: "HISTORY" | "FEATURED" }> {
  const taste = await storeTasteVector(ctx.pool, ctx.auth.storeId);
  if (!taste.vector) {
    const { rows } = await searchItemRows(ctx.pool, { sort: "-rank", anyCategoryIds: body.categoryIds?.length ? body.categoryIds : undefined }, { limit: body.size, offset: 0 });
    return { list: rows.map(toItem), basedOn: "FEATURED" };
  }
  let vector = taste.vector;
  // With the meaning model down the keyword cannot pull the mean: the history alone ranks.
  const keyword = body.keyword?.trim() ? await embedQuery(ctx.providers.embeddings, body.keyword) : null;
  if (keyword) {
    const history = JSON.parse(taste.vector) as number[];
    const words = JSON.parse(keyword) as number[];
    const mixed = history.map((x, i) => x + words[i]!);
    const norm = Math.sqrt(mixed.reduce((s, x) => s + x * x, 0)) || 1;
    vector = toVectorLiteral(mixed.map((x) => x / norm));
  }
  const rows = await itemsNearVector(ctx.pool, vector, body.size, { supplierIds: taste.supplierIds, categoryIds: body.categoryIds?.length ? body.categoryIds : undefined });
  return { list: rows.map(toItem), basedOn: "HISTORY" };
}
