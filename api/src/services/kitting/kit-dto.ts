import type { Kit, KitDetail } from "@atelier/contracts/kitting";
import type { KitRow } from "../../queries/inventory/kits";
import type { WorkOrderRow } from "../../queries/inventory/kitting-orders";

/**
 * What a kit can sell now: the kits assembled ahead plus what the components make, the minimum
 * over components of floor(available ÷ units per kit). The component that limits it is named.
 */
export function toKitDto(k: KitRow): Kit {
  const components = k.components.map((c) => ({ sku: c.sku, title: c.title, quantity: c.quantity, available: Math.max(0, c.available), kitsFromStock: Math.floor(Math.max(0, c.available) / c.quantity) }));
  const makeable = components.length ? Math.min(...components.map((c) => c.kitsFromStock)) : 0;
  const limiting = components.find((c) => c.kitsFromStock === makeable);
  const assembled = Math.max(0, k.assembled);
  return { sku: k.sku, title: k.title, components, assembled, makeable, available: assembled + makeable, limitedBy: limiting?.sku ?? null };
}

export function toKitDetailDto(k: KitRow, workOrders: WorkOrderRow[]): KitDetail {
  return {
    ...toKitDto(k),
    workOrders: workOrders.map((w) => ({ id: w.id, kits: w.kits, bin: w.bin, feeCents: w.feeCents, status: w.status, createdAt: w.createdAt.toISOString(), assembledAt: w.assembledAt?.toISOString() ?? null })),
  };
}
