import type { Queryable } from "../../db/pool";

/** The longest production time (days) each item, and each supplier, advertises: what a purchase is promised by. */
export async function longestProductionDays(db: Queryable, itemIds: string[], supplierIds: string[]): Promise<{ items: Map<string, number>; suppliers: Map<string, number> }> {
  const [items, suppliers] = await Promise.all([
    itemIds.length ? db.query<{ id: string; days: number }>("SELECT id, production_days_max AS days FROM catalog_items WHERE id = ANY($1::uuid[])", [[...new Set(itemIds)]]) : { rows: [] },
    supplierIds.length ? db.query<{ id: string; days: number }>("SELECT id, production_days_max AS days FROM suppliers WHERE id = ANY($1::uuid[])", [[...new Set(supplierIds)]]) : { rows: [] },
  ]);
  return { items: new Map(items.rows.map((r) => [r.id, r.days])), suppliers: new Map(suppliers.rows.map((r) => [r.id, r.days])) };
}
