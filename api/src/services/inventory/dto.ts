import type { InventoryItem, InventoryItemDetail } from "@atelier/contracts/inventory";
import type { MovementRow } from "../../queries/inventory/movements";
import type { ItemRow } from "../../queries/inventory/stock";

export function toInventoryItemDto(i: ItemRow): InventoryItem {
  const available = i.onHand - i.reserved;
  return {
    id: i.id,
    sku: i.sku,
    title: i.title,
    onHand: i.onHand,
    reserved: i.reserved,
    incoming: i.incoming,
    available,
    stock: available > 0 ? "IN_STOCK" : "OUT_OF_STOCK",
    lowStock: available > 0 && available <= i.lowStockThreshold,
    lowStockThreshold: i.lowStockThreshold,
    bins: i.bins.map((b) => ({ bin: b.bin, onHand: b.onHand, reserved: b.reserved, incoming: b.incoming, available: b.onHand - b.reserved })),
  };
}

/** The names a movement list shows that other domains own: users' names (accounts), order numbers (orders). */
export type MovementNames = { users: Map<string, string>; orders: Map<string, number> };

export function toInventoryDetailDto(i: ItemRow, movements: MovementRow[], names: MovementNames): InventoryItemDetail {
  return {
    ...toInventoryItemDto(i),
    movements: movements.map(({ orderId, actor, createdAt, ...m }) => ({
      ...m,
      orderNumber: orderId ? (names.orders.get(orderId) ?? null) : null,
      actor: { userName: actor.userId ? (names.users.get(actor.userId) ?? null) : null, rule: actor.rule },
      createdAt: createdAt.toISOString(),
    })),
  };
}
