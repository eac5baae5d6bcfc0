import type { Queryable } from "../../db/pool";
import { receivingDeliveries } from "../../queries/receivings/supplier-deliveries";
import { reportedLinkedVerdicts } from "../../queries/quality/linked-verdicts";
import { paidPurchasesBySupplier } from "../../queries/purchasing/supplier-purchases";
import { supplierNames, suppliersByIds } from "../../queries/marketplace/suppliers";
import { suppliersNamed } from "../../queries/marketplace/suppliers-named";
import { longestProductionDays } from "../../queries/marketplace/production-days";
import { replyTimesBySupplier } from "../../queries/inbox/supplier-reply-times";
import type { SupplierPurchaseRow } from "../../queries/purchasing/supplier-purchases";
import type { PromisedPurchase, SupplierRecords } from "./score-suppliers";

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Each purchase's promised day: its item's longest production time, else its supplier's. */
async function withPromisedDays(db: Queryable, purchases: SupplierPurchaseRow[]): Promise<PromisedPurchase[]> {
  const days = await longestProductionDays(db, purchases.flatMap((p) => (p.catalogItemId ? [p.catalogItemId] : [])), purchases.map((p) => p.supplierId));
  return purchases.map((p) => ({ ...p, promisedBy: addDays(p.paidOn, (p.catalogItemId ? days.items.get(p.catalogItemId) : undefined) ?? days.suppliers.get(p.supplierId) ?? 0) }));
}

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The store's purchases, receivings and inspections, grouped by supplier. A receiving belongs to
 * the supplier of the purchase it carries, else to the listed supplier its typed name names
 * exactly, else to that name alone (a supplier outside the marketplace); an inspection belongs to
 * its receiving's supplier, or its purchase's. `alsoSupplierId` adds that supplier even with nothing on record.
 */
export async function storeSupplierRecords(db: Queryable, storeId: string, alsoSupplierId?: string): Promise<SupplierRecords[]> {
  const [paid, receivings, verdicts, replies] = await Promise.all([paidPurchasesBySupplier(db, storeId), receivingDeliveries(db, storeId), reportedLinkedVerdicts(db, storeId), replyTimesBySupplier(db, storeId)]);
  const purchases = await withPromisedDays(db, paid);
  const ids = [...new Set([...purchases.map((p) => p.supplierId), ...(alsoSupplierId ? [alsoSupplierId] : [])])];
  const purchaseSupplier = new Map(purchases.map((p) => [p.id, p.supplierId]));
  const unlinkedNames = receivings.filter((r) => !(r.orderItemId && purchaseSupplier.has(r.orderItemId)) && r.supplierName.trim()).map((r) => r.supplierName);

  const [listed, named] = await Promise.all([suppliersByIds(db, ids), suppliersNamed(db, unlinkedNames)]);
  const groups = new Map<string, SupplierRecords>();
  const add = (key: string, supplierId: string | null, name: string, countryCode: string | null) => {
    if (!groups.has(key)) groups.set(key, { supplierId, name, countryCode, receivings: [], purchases: [], verdicts: [], replies: (supplierId && replies.get(supplierId)) || { asked: 0, replySeconds: [] } });
  };
  for (const s of listed) add(s.id, s.id, s.name, s.country_code);
  for (const s of named) add(s.id, s.id, s.name, s.countryCode);
  // A supplier that left the marketplace keeps its name on the store's purchases.
  const missing = ids.filter((id) => !groups.has(id));
  for (const [id, name] of await supplierNames(db, missing)) add(id, id, name, null);

  const byName = new Map([...groups.values()].map((g) => [nameKey(g.name), g.supplierId!]));
  for (const p of purchases) groups.get(p.supplierId)?.purchases.push(p);
  const receivingKey = new Map<string, string>();
  for (const r of receivings) {
    const linked = r.orderItemId ? purchaseSupplier.get(r.orderItemId) : undefined;
    const key = linked ?? byName.get(nameKey(r.supplierName)) ?? (r.supplierName.trim() ? `name:${nameKey(r.supplierName)}` : null);
    if (!key) continue;
    add(key, null, r.supplierName.trim(), null);
    groups.get(key)!.receivings.push(r);
    receivingKey.set(r.id, key);
  }
  for (const v of verdicts) {
    const key = (v.receivingId && receivingKey.get(v.receivingId)) || (v.orderItemId && purchaseSupplier.get(v.orderItemId));
    if (key) groups.get(key)!.verdicts.push(v);
  }
  return [...groups.values()];
}
