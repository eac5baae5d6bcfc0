import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { upsertFavorite } from "../../queries/marketplace/favorites";
import { itemExists, itemsByIds } from "../../queries/marketplace/items";
import { supplierExists, suppliersByIds } from "../../queries/marketplace/suppliers";
import { toItem, toSupplier } from "./dto";

/** Adds a supplier or item to the store's favourites; one already there is returned as it is. */
export async function addFavorite(ctx: UserContext, body: { kind: "SUPPLIER" | "CATALOG_ITEM"; targetId: string }) {
  const exists = body.kind === "SUPPLIER" ? await supplierExists(ctx.pool, body.targetId) : await itemExists(ctx.pool, body.targetId);
  if (!exists) throw notFound(body.kind === "SUPPLIER" ? "The supplier" : "The catalog item");
  const row = await upsertFavorite(ctx.pool, ctx.auth.storeId, body.kind, body.targetId);
  const [supplier] = row.supplier_id ? await suppliersByIds(ctx.pool, [row.supplier_id]) : [];
  const [item] = row.item_id ? await itemsByIds(ctx.pool, [row.item_id]) : [];
  return { id: row.id, kind: row.target_kind, createdAt: row.created_at.toISOString(), supplier: supplier ? toSupplier(supplier) : null, item: item ? toItem(item) : null };
}
