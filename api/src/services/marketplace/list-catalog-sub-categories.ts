import type { UserContext } from "../../context";
import { listChildCategoryRows } from "../../queries/marketplace/categories";
import { toCategory } from "./dto";

/** Children of a category, or a vertical's groups, or the verticals; paged (size up to 9999). */
export async function listCatalogSubCategories(ctx: UserContext, q: { parentId?: number; vertical?: string; page: number; size: number }) {
  const { rows, total } = await listChildCategoryRows(ctx.pool, { parentId: q.parentId, vertical: q.vertical }, { limit: q.size, offset: q.page * q.size });
  return { list: rows.map(toCategory), total, page: q.page, size: q.size };
}
