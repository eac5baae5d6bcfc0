import type { CatalogItem } from "@atelier/contracts/marketplace";
import type { UserContext } from "../../context";
import { searchItemRows } from "../../queries/marketplace/search";
import { keywordOf } from "./market-query";
import { verticalsLeftOut } from "./service-query";
import { logSearch } from "./search-log";
import { toItem } from "./dto";

/**
 * Catalog items for a design brief. A brief is long, so only its first words go to the strict
 * full-text AND; the whole brief is embedded for meaning, which carries most of the match.
 */
export async function matchDesignProducts(ctx: UserContext, body: { text: string; type?: string; categoryIds?: number[]; size: number }): Promise<{ list: CatalogItem[] }> {
  const startedAt = process.hrtime.bigint();
  const keyword = await keywordOf(ctx.providers.embeddings, body.text);
  const { rows, total } = await searchItemRows(
    ctx.pool,
    { keyword, sort: "relevance", excludedVerticals: verticalsLeftOut(body.text, { type: body.type }), itemTypes: body.type ? [body.type] : undefined, anyCategoryIds: body.categoryIds?.length ? body.categoryIds : undefined },
    { limit: body.size, offset: 0 },
  );
  logSearch(ctx, { target: "CATALOG_ITEMS", keyword: body.text.slice(0, 500), filters: { source: "design-product-match", type: body.type }, resultCount: total, startedAt });
  return { list: rows.map(toItem) };
}
