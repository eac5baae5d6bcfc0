import type { BodyOf, purchasing } from "@atelier/contracts";
import { parseColorEntries } from "@atelier/contracts/projects";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import { itemForPurchase } from "../../queries/marketplace/items";
import * as q from "../../queries/purchasing";
import { loadOrderItemDto, type OrderItemDto } from "./dto";
import { unitPriceFor } from "./pricing";
import { putInCart } from "./add-to-cart";

/** Orders a sample or a production run of a catalog item, at the catalogue's price; optionally straight into the cart. */
export async function createOrderItem(ctx: UserContext, body: BodyOf<typeof purchasing.createCreatorOrderItem>): Promise<OrderItemDto> {
  const item = await itemForPurchase(ctx.pool, body.catalogItemId);
  if (!item) throw invalid("body.catalogItemId", "is not a catalog item");
  if (!item.enabled) throw conflict("This catalog item is not offered any more.");
  const unitPriceCents = unitPriceFor(item, body.kind, body.quantity);
  const color = body.color ?? null;
  if (color) checkColor(item.colors, color);
  const storeId = ctx.auth.storeId;
  const id = await withTransaction(ctx.pool, async (tx) => {
    const created = await q.insertOrderItem(tx, {
      storeId,
      catalogItemId: item.id,
      supplierId: item.supplierId,
      kind: body.kind,
      // The kind says "sample"; screens add the word, so the title stays the item's own.
      title: item.title,
      quantity: body.quantity,
      unitPriceCents,
      color,
      note: body.note ?? "",
    });
    if (body.addToCart) await putInCart(tx, storeId, [created]);
    return created;
  });
  return await loadOrderItemDto(ctx.pool, storeId, id);
}

/** A colour must be one of the item's entries when the item lists any. */
export function checkColor(itemColors: string, color: string, field = "body.color"): void {
  const parsed = parseColorEntries(itemColors);
  if (!parsed.ok || parsed.colors.length === 0) return;
  if (!parsed.colors.some((c) => c.name.toLowerCase() === color.toLowerCase())) {
    throw invalid(field, `must be one of this item's colours: ${parsed.colors.map((c) => c.name).join(", ")}`);
  }
}
