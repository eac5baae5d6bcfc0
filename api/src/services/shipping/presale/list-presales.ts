import type { QueryOf, ResponseOf, presales } from "@atelier/contracts";
import type { PresaleDetail } from "@atelier/contracts/presales";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import * as q from "../../../queries/shipping/presales";
import { toPresaleDto } from "./presale-dto";
import { presaleDetail } from "./presale-detail";

/** The store's pre-sales, paged, with the units and orders still waiting over all of them. */
export async function listPresales(ctx: UserContext, query: QueryOf<typeof presales.listPresales>): Promise<ResponseOf<typeof presales.listPresales>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const page = await q.listPresales(ctx.pool, storeId, { search: query.search || undefined, status: query.status, sort: query.sort, limit: query.size, offset: query.page * query.size });
  const waiting = await q.waitingTotals(ctx.pool, storeId);
  return { list: page.list.map(toPresaleDto), total: page.total, page: query.page, size: query.size, waitingOrders: waiting.orders, waitingUnits: waiting.units };
}

export async function getPresale(ctx: UserContext, id: string): Promise<PresaleDetail> {
  requirePermission(ctx, "orders.manage");
  return presaleDetail(ctx.pool, ctx.auth.storeId, id);
}
