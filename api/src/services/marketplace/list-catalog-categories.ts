import type { CategoryNode } from "@atelier/contracts/marketplace";
import type { UserContext } from "../../context";
import { listCategoryRows } from "../../queries/marketplace/categories";
import { toCategory } from "./dto";

/** The category tree (vertical → group → subgroup), whole or one vertical's branch. */
export async function listCatalogCategories(ctx: UserContext, query: { vertical?: string }): Promise<{ list: CategoryNode[] }> {
  const rows = await listCategoryRows(ctx.pool, query.vertical);
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...toCategory(r), children: [] }]));
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    if (parent) parent.children.push(node);
    else if (r.level === "VERTICAL") roots.push(node);
  }
  return { list: roots };
}
