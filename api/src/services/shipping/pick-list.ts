import type { PickListLine } from "@atelier/contracts/shipping";
import type { ResponseOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { reservedBinsOfLines } from "../../queries/inventory/reserved-bins";
import type { OrderToShip } from "../../queries/orders/orders-to-ship";
import { loadOrders } from "./order-shipments";

// A pick list in walking order (ShipStation's and ShipBob's pick lists): the units still to ship
// of the selected open orders, grouped by the bin they are reserved in and the SKU, sorted by bin
// then SKU, each line naming its orders. Units not reserved in a bin come last, under no bin.

export async function buildPickList(ctx: UserContext, orders: OrderToShip[]): Promise<ResponseOf<typeof shipping.getPickList>> {
  const open = orders.filter((o) => !o.canceled);
  const lines = open.flatMap((o) => o.lines.filter((l) => l.toShip > 0).map((l) => ({ ...l, orderNumber: o.orderNumber })));
  const bins = await reservedBinsOfLines(ctx.pool, ctx.auth.storeId, lines.map((l) => l.lineId));
  const grouped = new Map<string, PickListLine>();
  const add = (bin: string, l: (typeof lines)[number], quantity: number) => {
    const key = `${bin}\u0000${l.sku}`;
    const line = grouped.get(key) ?? { bin, sku: l.sku, title: l.variantTitle ? `${l.title} · ${l.variantTitle}` : l.title, quantity: 0, orderNumbers: [] };
    line.quantity += quantity;
    if (!line.orderNumbers.includes(l.orderNumber)) line.orderNumbers.push(l.orderNumber);
    grouped.set(key, line);
  };
  for (const l of lines) {
    let left = l.toShip;
    for (const b of bins.filter((x) => x.lineId === l.lineId)) {
      const take = Math.min(left, b.quantity);
      if (take > 0) add(b.bin, l, take);
      left -= take;
    }
    if (left > 0) add("", l, left);
  }
  const sorted = [...grouped.values()].sort((a, b) => (a.bin === "" ? 1 : 0) - (b.bin === "" ? 1 : 0) || a.bin.localeCompare(b.bin, "en", { numeric: true }) || a.sku.localeCompare(b.sku));
  for (const l of sorted) l.orderNumbers.sort((a, b) => a - b);
  return { lines: sorted, orderCount: open.length, unitCount: sorted.reduce((s, l) => s + l.quantity, 0) };
}

export async function getPickList(ctx: UserContext, orderNumbers: number[]): Promise<ResponseOf<typeof shipping.getPickList>> {
  requirePermission(ctx, "orders.manage");
  return buildPickList(ctx, await loadOrders(ctx, orderNumbers));
}
