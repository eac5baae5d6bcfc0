import type { Queryable } from "../../db/pool";
import * as kits from "../../queries/inventory/kits";
import * as movements from "../../queries/inventory/movements";
import * as reservations from "../../queries/inventory/reservations";
import * as stock from "../../queries/inventory/stock";

// What orders do to stock: placing one reserves its units (all lines or none), cancelling releases
// them, shipping consumes them. Lines of SKUs the store doesn't stock at the fulfilment center are
// not tracked. Levels are locked in one order (item, bin), so concurrent orders queue instead of
// deadlocking, and the table's checks make overselling impossible even if this code were wrong.

/** The rule name on holds and movements the inventory sets by itself. */
export const INVENTORY_RULE = "Out of stock";

export type OrderLineNeed = { id: string; sku: string; quantity: number };
export type Shortfall = { sku: string; wanted: number; available: number };
type Actor = { userId: string | null; rule?: string | null };

/**
 * Reserves what the order's lines still need, from the bins with the most available first
 * (Saleor's PRIORITIZE_HIGH_STOCK). A kit's line takes kits assembled ahead first and reserves
 * the components of the rest, so shipping consumes them like any line's units. When any SKU is
 * short nothing is reserved and the shortfalls come back (a kit's in kits).
 */
export async function reserveOrderStock(tx: Queryable, storeId: string, orderId: string, lines: OrderLineNeed[], actor: Actor): Promise<Shortfall[]> {
  return (await reserveOrdersStock(tx, storeId, [{ orderId, lines }], actor))[0]!;
}

type Level = Awaited<ReturnType<typeof stock.lockLevelsOf>>[number];

/**
 * reserveOrderStock for several orders at once, in the given order (oldest first): each order
 * takes what the ones before it left, exactly as placing them one by one would, but the levels of
 * all their SKUs are locked and read once and the reservations, level changes and movements are
 * written in one statement each. Returns each order's shortfalls (empty when it was reserved).
 */
export async function reserveOrdersStock(tx: Queryable, storeId: string, orders: { orderId: string; lines: OrderLineNeed[] }[], actor: Actor): Promise<Shortfall[][]> {
  const items = await stock.itemsBySku(tx, storeId, orders.flatMap((o) => o.lines.map((l) => l.sku)));
  const tracked = orders.map((o) => o.lines.filter((l) => items.has(l.sku.toLowerCase())));
  if (tracked.every((t) => t.length === 0)) return orders.map(() => []);
  const itemOf = (line: OrderLineNeed) => items.get(line.sku.toLowerCase())!;
  const recipes = await kits.recipesOf(tx, storeId, [...new Set(tracked.flat().map((l) => itemOf(l).id))]);
  const itemIds = new Set(tracked.flat().flatMap((l) => [itemOf(l).id, ...(recipes.get(itemOf(l).id) ?? []).map((c) => c.itemId)]));
  const levels = await stock.lockLevelsOf(tx, storeId, [...itemIds]);
  const held = await reservations.reservedByLineItem(tx, storeId, orders.map((o) => o.orderId));
  const free = new Map(levels.map((l) => [l.id, l.onHand - l.reserved]));
  const reserved = new Map(levels.map((l) => [l.id, l.reserved]));
  const plans: { orderId: string; lineId: string; level: Level; quantity: number; reservedAfter: number }[] = [];
  const shorts = orders.map((o, i) => {
    const planned = planOrder(tracked[i]!, itemOf, recipes, levels, held, free);
    if (planned.short.length) return planned.short;
    // Only an order reserved in full takes units: the next order sees what this one left.
    for (const p of planned.plan) {
      free.set(p.level.id, free.get(p.level.id)! - p.quantity);
      reserved.set(p.level.id, reserved.get(p.level.id)! + p.quantity);
      plans.push({ orderId: o.orderId, lineId: p.line.id, level: p.level, quantity: p.quantity, reservedAfter: reserved.get(p.level.id)! });
    }
    return [];
  });
  if (!plans.length) return shorts;
  await reservations.insertReservations(tx, storeId, plans.map((p) => ({ orderId: p.orderId, lineId: p.lineId, levelId: p.level.id, quantity: p.quantity })));
  const byLevel = new Map<string, number>();
  for (const p of plans) byLevel.set(p.level.id, (byLevel.get(p.level.id) ?? 0) + p.quantity);
  await stock.reserveOnLevels(tx, storeId, [...byLevel].map(([levelId, n]) => ({ levelId, reserved: n })));
  await movements.appendMovements(tx, storeId, plans.map((p) => ({
    itemId: p.level.itemId, bin: p.level.bin, kind: "RESERVED" as const, onHandChange: 0, reservedChange: p.quantity, onHandAfter: p.level.onHand, reservedAfter: p.reservedAfter,
    orderId: p.orderId, actorUserId: actor.userId, actorRule: actor.rule ?? null,
  })));
  return shorts;
}

/** One order's reservation plan against the units still free (not changed here), or its shortfalls. */
function planOrder(
  tracked: OrderLineNeed[],
  itemOf: (line: OrderLineNeed) => { id: string; sku: string },
  recipes: Map<string, { itemId: string; quantity: number }[]>,
  levels: Level[],
  held: Map<string, number>,
  freeBefore: Map<string, number>,
): { plan: { line: OrderLineNeed; level: Level; quantity: number }[]; short: Shortfall[] } {
  const free = new Map(freeBefore);
  const freeOf = (itemId: string) => levels.filter((l) => l.itemId === itemId).reduce((n, l) => n + Math.max(0, free.get(l.id)!), 0);
  const heldOf = (line: OrderLineNeed, itemId: string) => held.get(`${line.id}:${itemId}`) ?? 0;

  const needs = tracked.flatMap((line) => {
    const item = itemOf(line);
    const recipe = recipes.get(item.id);
    if (!recipe) return [{ line, itemId: item.id, quantity: line.quantity - heldOf(line, item.id), short: { sku: item.sku, available: freeOf(item.id) } }];
    const covered = heldOf(line, item.id) + Math.min(...recipe.map((c) => Math.floor(heldOf(line, c.itemId) / c.quantity)));
    const rest = line.quantity - covered;
    const fromKits = Math.min(rest, freeOf(item.id));
    const short = { sku: item.sku, available: freeOf(item.id) + Math.min(...recipe.map((c) => Math.floor(freeOf(c.itemId) / c.quantity))) };
    return [{ line, itemId: item.id, quantity: fromKits, short }, ...recipe.map((c) => ({ line, itemId: c.itemId, quantity: (rest - fromKits) * c.quantity, short }))];
  });

  const plan: { line: OrderLineNeed; level: Level; quantity: number }[] = [];
  const short = new Map<string, Shortfall>();
  const wanted = new Map<string, Set<string>>();
  for (const need of needs) {
    let left = need.quantity;
    const bins = levels.filter((l) => l.itemId === need.itemId).sort((a, b) => free.get(b.id)! - free.get(a.id)! || a.bin.localeCompare(b.bin));
    for (const level of bins) {
      const take = Math.min(left, free.get(level.id)!);
      if (take <= 0) continue;
      plan.push({ line: need.line, level, quantity: take });
      free.set(level.id, free.get(level.id)! - take);
      left -= take;
    }
    if (left > 0) {
      const s = short.get(need.short.sku) ?? { sku: need.short.sku, wanted: 0, available: need.short.available };
      // A kit's line is short in kits, counted once however many of its components ran out.
      const lines = wanted.get(need.short.sku) ?? new Set<string>();
      if (!lines.has(need.line.id)) s.wanted += need.line.quantity;
      wanted.set(need.short.sku, lines.add(need.line.id));
      short.set(need.short.sku, s);
    }
  }
  return { plan, short: [...short.values()] };
}

/** Releases every open reservation of the order (it was canceled). */
export async function releaseOrderStock(tx: Queryable, storeId: string, orderId: string, actor: Actor, note = "Order canceled"): Promise<void> {
  await closeAll(tx, storeId, orderId, "RELEASED", actor, note);
}

/** Consumes every open reservation of the order: the units left the building. */
export async function shipOrderStock(tx: Queryable, storeId: string, orderId: string, actor: Actor, note = "Shipped"): Promise<void> {
  await closeAll(tx, storeId, orderId, "SHIPPED", actor, note);
}

async function closeAll(tx: Queryable, storeId: string, orderId: string, status: "RELEASED" | "SHIPPED", actor: Actor, note: string): Promise<void> {
  const open = await reservations.openReservations(tx, storeId, orderId);
  if (open.length === 0) return;
  await stock.lockLevelsOf(tx, storeId, [...new Set(open.map((r) => r.itemId))]);
  for (const r of open) {
    await reservations.closeReservation(tx, storeId, r.id, status);
    const change = status === "SHIPPED" ? { onHand: -r.quantity, reserved: -r.quantity } : { reserved: -r.quantity };
    const after = await stock.changeLevel(tx, storeId, r.levelId, change);
    await movements.appendMovement(tx, storeId, {
      itemId: r.itemId, bin: r.bin, kind: status, onHandChange: change.onHand ?? 0, reservedChange: change.reserved, onHandAfter: after.onHand, reservedAfter: after.reserved,
      note, orderId, actorUserId: actor.userId, actorRule: actor.rule ?? null,
    });
  }
}

/** "TEE-BLK-M (wanted 3, 1 available)" for each shortfall, joined. */
export function shortfallText(short: Shortfall[]): string {
  return short.map((s) => `${s.sku} (wanted ${s.wanted}, ${s.available} available)`).join(", ");
}
