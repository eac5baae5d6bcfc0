import type { ResponseOf, marketplace } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { notFound } from "../../errors";
import { findFavoriteId } from "../../queries/marketplace/favorites";
import { itemById, similarItemRows } from "../../queries/marketplace/items";
import { listReviewRows, reviewSummaryRow } from "../../queries/marketplace/reviews";
import { suppliersByIds } from "../../queries/marketplace/suppliers";
import { toItem, toReview, toSupplier } from "./dto";

type Detail = ResponseOf<typeof marketplace.getCatalogItem>;
const SIMILAR = 8;
const REVIEWS = 5;

/** A catalog item with its detail sections; favoriteId is the caller store's (null on public pages). */
export async function getCatalogItem(ctx: RequestContext, id: string): Promise<Detail> {
  const storeId = ctx.auth?.storeId ?? null;
  const detail = await readItemDetail(ctx, id, storeId);
  return { ...detail, favoriteId: storeId ? await findFavoriteId(ctx.pool, storeId, "CATALOG_ITEM", id) : null };
}

/** The public preview: the same sections without any store data. */
export async function getPublicCatalogItem(ctx: RequestContext, id: string): Promise<Omit<Detail, "favoriteId">> {
  return readItemDetail(ctx, id, null);
}

async function readItemDetail(ctx: RequestContext, id: string, storeId: string | null): Promise<Omit<Detail, "favoriteId">> {
  const row = await itemById(ctx.pool, id);
  if (!row) throw notFound("The catalog item");
  const [supplier] = await suppliersByIds(ctx.pool, [row.supplier_id]);
  if (!supplier) throw notFound("The catalog item");
  const similar = await similarItemRows(ctx.pool, id, SIMILAR);
  const reviews = await listReviewRows(ctx.pool, row.supplier_id, { limit: REVIEWS, offset: 0 });
  const summary = await reviewSummaryRow(ctx.pool, row.supplier_id);
  return {
    item: toItem(row),
    supplier: toSupplier(supplier),
    supplierCapabilities: supplier.capabilities,
    similarProducts: similar.map(toItem),
    reviews: { summary: { supplierId: row.supplier_id, ...summary }, list: reviews.rows.map((r) => toReview(r, storeId)) },
  };
}

/** Items closest in meaning to this one. */
export async function listCatalogItemRecommendations(ctx: RequestContext, id: string, size: number) {
  if (!(await itemById(ctx.pool, id))) throw notFound("The catalog item");
  const rows = await similarItemRows(ctx.pool, id, size);
  return { list: rows.map(toItem) };
}
