import type { Supplier } from "@atelier/contracts/marketplace";
import type { UserContext } from "../../context";
import { suppliersByIds } from "../../queries/marketplace/suppliers";
import { toSupplier } from "./dto";

/** Suppliers by id in the order asked; unknown or disabled ids are left out. */
export async function getSuppliersByIds(ctx: UserContext, ids: string[]): Promise<{ list: Supplier[] }> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const byId = new Map((await suppliersByIds(ctx.pool, unique)).map((r) => [r.id, r]));
  return { list: unique.flatMap((id) => (byId.has(id) ? [toSupplier(byId.get(id)!)] : [])) };
}
