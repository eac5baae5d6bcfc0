import type { ReturnOrder } from "@atelier/contracts/returns";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { returnDetail, type ReturnRef } from "./return-detail";

/** One return of the store by id or number. */
export async function getReturnOrder(ctx: UserContext, ref: ReturnRef): Promise<ReturnOrder> {
  requirePermission(ctx, "orders.manage");
  return returnDetail(ctx.pool, ctx, ref);
}
