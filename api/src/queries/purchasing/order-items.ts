import type { OrderItemStatus } from "@atelier/contracts/purchasing";
import type { Queryable } from "../../db/pool";

// Creator order items (a store's sample and bulk purchases from suppliers). Every statement is
// scoped to one store and reads purchasing's own table only: the item's price and its supplier's
// name come from the marketplace's queries (`marketplace/items.itemForPurchase`,
// `marketplace/suppliers.supplierNames`), composed by the services.

export type OrderItemRow = {
  id: string;
  storeId: string;
  catalogItemId: string | null;
  supplierId: string | null;
  kind: "SAMPLE" | "PRODUCTION";
  status: OrderItemStatus;
  title: string;
  quantity: number;
  unitPriceCents: number;
  color: string | null;
  note: string;
  invoiceId: string | null;
  isArchived: boolean;
  paidAt: Date | null;
  shippedAt: Date | null;
  canceledAt: Date | null;
  trackingUrl: string | null;
  purchaseEventAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const ORDER_ITEM_SELECT = `SELECT oi.* FROM creator_order_items oi`;

type OrderItemDbRow = {
  id: string;
  store_id: string;
  catalog_item_id: string | null;
  supplier_id: string | null;
  kind: "SAMPLE" | "PRODUCTION";
  status: OrderItemStatus;
  title: string;
  quantity: number;
  unit_price_cents: number;
  color: string | null;
  note: string;
  invoice_id: string | null;
  is_archived: boolean;
  paid_at: Date | null;
  shipped_at: Date | null;
  canceled_at: Date | null;
  tracking_url: string | null;
  purchase_event_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

function toOrderItem(r: OrderItemDbRow): OrderItemRow {
  return {
    id: r.id,
    storeId: r.store_id,
    catalogItemId: r.catalog_item_id,
    supplierId: r.supplier_id,
    kind: r.kind,
    status: r.status,
    title: r.title,
    quantity: r.quantity,
    unitPriceCents: r.unit_price_cents,
    color: r.color,
    note: r.note,
    invoiceId: r.invoice_id,
    isArchived: r.is_archived,
    paidAt: r.paid_at,
    shippedAt: r.shipped_at,
    canceledAt: r.canceled_at,
    trackingUrl: r.tracking_url,
    purchaseEventAt: r.purchase_event_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function insertOrderItem(
  db: Queryable,
  input: { storeId: string; catalogItemId: string; supplierId: string; kind: string; title: string; quantity: number; unitPriceCents: number; color: string | null; note: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO creator_order_items (store_id, catalog_item_id, supplier_id, kind, title, quantity, unit_price_cents, color, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [input.storeId, input.catalogItemId, input.supplierId, input.kind, input.title, input.quantity, input.unitPriceCents, input.color, input.note],
  );
  return rows[0]!.id;
}

export async function getOrderItem(db: Queryable, storeId: string, id: string, lock = false): Promise<OrderItemRow | null> {
  const { rows } = await db.query(`${ORDER_ITEM_SELECT} WHERE oi.store_id = $1 AND oi.id = $2${lock ? " FOR UPDATE" : ""}`, [storeId, id]);
  return rows[0] ? toOrderItem(rows[0]) : null;
}

export async function getOrderItems(db: Queryable, storeId: string, ids: string[]): Promise<OrderItemRow[]> {
  const { rows } = await db.query(`${ORDER_ITEM_SELECT} WHERE oi.store_id = $1 AND oi.id = ANY($2::uuid[]) ORDER BY oi.created_at`, [storeId, ids]);
  return rows.map(toOrderItem);
}

export type OrderItemFilter = { statuses: readonly string[] | null; kind: string | null; archived: boolean; status?: string };

function filterSql(filter: OrderItemFilter, params: unknown[]): string {
  const parts = [`oi.store_id = $1`, `oi.is_archived = ${filter.archived ? "true" : "false"}`];
  if (filter.statuses) {
    params.push(filter.statuses);
    parts.push(`oi.status = ANY($${params.length}::text[])`);
  }
  if (filter.kind) {
    params.push(filter.kind);
    parts.push(`oi.kind = $${params.length}`);
  }
  if (filter.status) {
    params.push(filter.status);
    parts.push(`oi.status = $${params.length}`);
  }
  return parts.join(" AND ");
}

export async function listOrderItems(db: Queryable, storeId: string, filter: OrderItemFilter, limit: number, offset: number): Promise<{ list: OrderItemRow[]; total: number }> {
  const params: unknown[] = [storeId];
  const where = filterSql(filter, params);
  const { rows } = await db.query(
    `${ORDER_ITEM_SELECT} WHERE ${where} ORDER BY oi.created_at DESC, oi.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM creator_order_items oi WHERE ${where}`, params);
  return { list: rows.map(toOrderItem), total: count.rows[0]!.n };
}

/** One count per tab in one pass over the store's items. */
export async function countOrderItemTabs(db: Queryable, storeId: string, tabs: Record<string, OrderItemFilter>): Promise<Record<string, number>> {
  const params: unknown[] = [storeId];
  const columns = Object.entries(tabs).map(([name, filter], i) => `count(*) FILTER (WHERE ${filterSql(filter, params)})::int AS c${i}_${name.toLowerCase()}`);
  const { rows } = await db.query(`SELECT ${columns.join(", ")} FROM creator_order_items oi WHERE oi.store_id = $1`, params);
  return Object.fromEntries(Object.keys(tabs).map((name, i) => [name, rows[0]![`c${i}_${name.toLowerCase()}`] as number]));
}

export async function countInProduction(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM creator_order_items WHERE store_id = $1 AND status = 'IN_PRODUCTION'`, [storeId]);
  return rows[0]!.n;
}

/**
 * Moves items from one of the allowed statuses to another in one conditional UPDATE, so two
 * requests racing on the same item cannot both move it. Answers the ids that moved.
 */
export async function moveOrderItems(
  db: Queryable,
  storeId: string,
  ids: string[],
  from: readonly OrderItemStatus[],
  to: OrderItemStatus,
  extra: { invoiceId?: string | null; trackingUrl?: string } = {},
): Promise<string[]> {
  const sets = [`status = $4`, `updated_at = now()`];
  const params: unknown[] = [storeId, ids, from, to];
  if (to === "IN_PRODUCTION") sets.push(`paid_at = COALESCE(paid_at, now())`);
  if (to === "SHIPPED") sets.push(`shipped_at = now()`);
  if (to === "CANCELED") sets.push(`canceled_at = now()`);
  if (extra.invoiceId !== undefined) {
    params.push(extra.invoiceId);
    sets.push(`invoice_id = $${params.length}`);
  }
  if (extra.trackingUrl !== undefined) {
    params.push(extra.trackingUrl);
    sets.push(`tracking_url = $${params.length}`);
  }
  const { rows } = await db.query<{ id: string }>(
    `UPDATE creator_order_items SET ${sets.join(", ")} WHERE store_id = $1 AND id = ANY($2::uuid[]) AND status = ANY($3::text[]) RETURNING id`,
    params,
  );
  return rows.map((r) => r.id);
}

export async function updateOrderItemFields(db: Queryable, storeId: string, id: string, patch: { quantity?: number; color?: string | null; note?: string; unitPriceCents?: number }): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [storeId, id];
  const add = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (patch.quantity !== undefined) add("quantity", patch.quantity);
  if (patch.color !== undefined) add("color", patch.color);
  if (patch.note !== undefined) add("note", patch.note);
  if (patch.unitPriceCents !== undefined) add("unit_price_cents", patch.unitPriceCents);
  if (!sets.length) return;
  await db.query(`UPDATE creator_order_items SET ${sets.join(", ")}, updated_at = now() WHERE store_id = $1 AND id = $2`, params);
}

export async function setOrderItemArchived(db: Queryable, storeId: string, id: string, archived: boolean): Promise<void> {
  await db.query(
    `UPDATE creator_order_items SET is_archived = $3, archived_at = CASE WHEN $3 THEN now() END, updated_at = now() WHERE store_id = $1 AND id = $2`,
    [storeId, id, archived],
  );
}

/** Marks the purchase event once; null when it was already recorded. */
export async function markPurchaseEvent(db: Queryable, storeId: string, id: string): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date }>(
    `UPDATE creator_order_items SET purchase_event_at = now() WHERE store_id = $1 AND id = $2 AND purchase_event_at IS NULL RETURNING purchase_event_at AS at`,
    [storeId, id],
  );
  return rows[0]?.at ?? null;
}

/** Statuses of an order item the store has paid for: the store has a real relationship with its supplier. */
const PAID_STATUSES = ["IN_PRODUCTION", "IN_SUBSCRIPTION", "SHIPPED"];

/** Whether the store has a paid order item from the supplier. */
export async function hasPaidOrderFrom(db: Queryable, storeId: string, supplierId: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM creator_order_items WHERE store_id = $1 AND supplier_id = $2 AND status = ANY($3) LIMIT 1", [storeId, supplierId, PAID_STATUSES]);
  return rows.length > 0;
}

/** A paid order item's store and supplier, or null (unknown, unpaid, or without a supplier). */
export async function getPaidOrderRelation(db: Queryable, orderItemId: string): Promise<{ store_id: string; supplier_id: string } | null> {
  const { rows } = await db.query<{ store_id: string; supplier_id: string }>(
    "SELECT store_id, supplier_id FROM creator_order_items WHERE id = $1 AND supplier_id IS NOT NULL AND status = ANY($2)",
    [orderItemId, PAID_STATUSES],
  );
  return rows[0] ?? null;
}
