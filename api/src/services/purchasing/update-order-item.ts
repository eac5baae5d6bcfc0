import type { BodyOf, purchasing } from "@atelier/contracts";
import { canMoveOrderItem, type OrderItemStatus } from "@atelier/contracts/purchasing";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, invalid, notFound } from "../../errors";
import { itemForPurchase } from "../../queries/marketplace/items";
import * as q from "../../queries/purchasing";
import { checkColor } from "./create-order-item";
import { loadOrderItemDto, type OrderItemDto } from "./dto";
import { unitPriceFor } from "./pricing";

const EDITABLE: readonly OrderItemStatus[] = ["NOT_PURCHASED", "IN_SHOPPING_CART"];

/** Edits an unpaid item's quantity, colour or note, and/or moves its status through the one transition table. */
export async function updateOrderItem(ctx: UserContext, id: string, body: BodyOf<typeof purchasing.updateCreatorOrderItem>): Promise<OrderItemDto> {
  const storeId = ctx.auth.storeId;
  await withTransaction(ctx.pool, async (tx) => {
    const item = await q.getOrderItem(tx, storeId, id, true);
    if (!item) throw notFound("Order item");
    const editsFields = body.quantity !== undefined || body.color !== undefined || body.note !== undefined;
    if (editsFields) {
      if (!EDITABLE.includes(item.status)) throw conflict(`This order item is ${item.status}; quantity, colour and note can only change before payment.`);
      const catalogItem = item.catalogItemId ? await itemForPurchase(tx, item.catalogItemId) : null;
      let unitPriceCents: number | undefined;
      if (body.quantity !== undefined && body.quantity !== item.quantity) {
        if (!catalogItem) throw conflict("This item is no longer in the catalogue; its quantity cannot change.");
        unitPriceCents = unitPriceFor(catalogItem, item.kind, body.quantity);
      }
      if (body.color && catalogItem) checkColor(catalogItem.colors, body.color);
      await q.updateOrderItemFields(tx, storeId, id, { quantity: body.quantity, color: body.color, note: body.note, unitPriceCents });
      if (item.status === "IN_SHOPPING_CART") await q.syncInvoiceLine(tx, storeId, id, body.quantity ?? item.quantity, unitPriceCents ?? item.unitPriceCents);
    }
    if (body.trackingUrl !== undefined && body.status !== "SHIPPED") throw invalid("body.trackingUrl", "can only be given with status SHIPPED");
    if (body.status) await moveStatus(tx, item, body.status, body.trackingUrl);
  });
  return await loadOrderItemDto(ctx.pool, storeId, id);
}

async function moveStatus(tx: Parameters<typeof q.moveOrderItems>[0], item: q.OrderItemRow, to: OrderItemStatus, trackingUrl?: string): Promise<void> {
  if (!canMoveOrderItem(item.status, to)) throw conflict(`An order item that is ${item.status} can't become ${to}.`);
  if (to === "IN_SUBSCRIPTION" && item.kind !== "PRODUCTION") throw conflict("Only a production order can repeat as a subscription.");
  const moved = await q.moveOrderItems(tx, item.storeId, [item.id], [item.status], to, { trackingUrl });
  if (!moved.length) throw conflict("This order item changed meanwhile. Reload it and try again.");
  if (item.status === "IN_SHOPPING_CART") await q.deleteInvoiceLines(tx, item.storeId, [item.id]);
}
