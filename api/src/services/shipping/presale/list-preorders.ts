import type { QueryOf, ResponseOf, presales } from "@atelier/contracts";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import * as q from "../../../queries/shipping/presales";
import { findPresale, toPreorderDto } from "./presale-dto";

/** A pre-sale's orders in the order they came (the order they are allocated in), paged. */
export async function listPreorders(ctx: UserContext, id: string, query: QueryOf<typeof presales.listPreorders>): Promise<ResponseOf<typeof presales.listPreorders>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  await findPresale(ctx.pool, storeId, id);
  const page = await q.listPreorders(ctx.pool, storeId, id, { status: query.status, limit: query.size, offset: query.page * query.size });
  return { list: page.list.map(toPreorderDto), total: page.total, page: query.page, size: query.size };
}
