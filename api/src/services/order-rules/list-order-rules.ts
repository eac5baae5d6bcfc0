import type { ResponseOf, orderRules } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as q from "../../queries/order-rules/rules";
import { toRuleListDto } from "./dto";

/** The store's rules in running order (at most 50, so one page). */
export async function listOrderRules(ctx: UserContext): Promise<ResponseOf<typeof orderRules.listOrderRules>> {
  requirePermission(ctx, "orders.manage");
  return toRuleListDto(await q.listRules(ctx.pool, ctx.auth.storeId));
}
