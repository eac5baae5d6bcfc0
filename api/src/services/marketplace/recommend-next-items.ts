import type { CatalogItem } from "@atelier/contracts/marketplace";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { itemSupplierId, itemsOfSimilarSuppliers } from "../../queries/marketplace/items";
import { supplierExists } from "../../queries/marketplace/suppliers";
import { toItem } from "./dto";

/** Items to look at next: the top items of the suppliers most like this one (or this item's supplier). */
export async function recommendNextItems(ctx: UserContext, q: { supplierId?: string; itemId?: string; size: number }): Promise<{ list: CatalogItem[] }> {
  const supplierId = q.supplierId ?? (await itemSupplierId(ctx.pool, q.itemId!));
  if (!supplierId || !(await supplierExists(ctx.pool, supplierId))) throw notFound(q.supplierId ? "The supplier" : "The catalog item");
  return { list: (await itemsOfSimilarSuppliers(ctx.pool, supplierId, q.size)).map(toItem) };
}
