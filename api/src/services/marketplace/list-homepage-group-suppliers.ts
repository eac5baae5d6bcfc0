import { marketplace } from "@atelier/contracts";
import type { Supplier } from "@atelier/contracts/marketplace";
import type { UserContext } from "../../context";
import { findVerticalCategory } from "../../queries/marketplace/categories";
import { searchSupplierRows } from "../../queries/marketplace/search";
import { toSupplier } from "./dto";

type Vertical = (typeof marketplace.VERTICALS)[number];

/** Featured suppliers for the sourcing home, one group per vertical (one group for a vertical tab). */
export async function listHomepageGroupSuppliers(ctx: UserContext, q: { tab: string; size: number }): Promise<{ groups: { vertical: Vertical; title: string; suppliers: Supplier[] }[] }> {
  const verticals = q.tab === "all" ? [...marketplace.VERTICALS] : [q.tab as Vertical];
  const groups = [];
  for (const vertical of verticals) {
    const category = await findVerticalCategory(ctx.pool, vertical);
    if (!category) continue;
    const { rows } = await searchSupplierRows(ctx.pool, { verticalId: category.id, sort: "-rank" }, { limit: q.size, offset: 0 });
    groups.push({ vertical, title: category.title, suppliers: rows.map(toSupplier) });
  }
  return { groups };
}
