import type { UserContext } from "../../context";
import { listFavoriteRows } from "../../queries/marketplace/favorites";
import { itemsByIds } from "../../queries/marketplace/items";
import { suppliersByIds } from "../../queries/marketplace/suppliers";
import { toItem, toSupplier } from "./dto";

/** The store's favourites, newest first, each with its supplier or item. */
export async function listFavorites(ctx: UserContext, q: { kind?: "SUPPLIER" | "CATALOG_ITEM"; page: number; size: number }) {
  const { rows, total } = await listFavoriteRows(ctx.pool, ctx.auth.storeId, q.kind, { limit: q.size, offset: q.page * q.size });
  const suppliers = new Map((await suppliersByIds(ctx.pool, rows.flatMap((r) => (r.supplier_id ? [r.supplier_id] : [])))).map((s) => [s.id, toSupplier(s)]));
  const items = new Map((await itemsByIds(ctx.pool, rows.flatMap((r) => (r.item_id ? [r.item_id] : [])))).map((i) => [i.id, toItem(i)]));
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.target_kind,
      createdAt: r.created_at.toISOString(),
      supplier: r.supplier_id ? (suppliers.get(r.supplier_id) ?? null) : null,
      item: r.item_id ? (items.get(r.item_id) ?? null) : null,
    })),
    total,
    page: q.page,
    size: q.size,
  };
}
