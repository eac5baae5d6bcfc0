import type { UserContext } from "../../context";
import { findVerticalCategory } from "../../queries/marketplace/categories";
import { searchSupplierRows } from "../../queries/marketplace/search";
import { toSupplier } from "./dto";

/** Suppliers of one sourcing home tab (a vertical, or every vertical for "all"), featured first. */
export async function listSourcingTabSuppliers(ctx: UserContext, q: { tab: string; page: number; size: number }) {
  const verticalId = q.tab === "all" ? undefined : ((await findVerticalCategory(ctx.pool, q.tab))?.id ?? -1);
  const { rows, total } = await searchSupplierRows(ctx.pool, { verticalId, sort: "-rank" }, { limit: q.size, offset: q.page * q.size });
  return { list: rows.map(toSupplier), total, page: q.page, size: q.size };
}
