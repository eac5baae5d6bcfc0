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

export function toInventoryDetailDto(i: ItemRow, movements: MovementRow[]): InventoryItemDetail {
  return { ...toInventoryItemDto(i), movements: movements.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}
