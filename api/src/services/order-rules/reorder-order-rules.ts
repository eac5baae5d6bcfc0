import type { BodyOf, ResponseOf, orderRules } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import * as q from "../../queries/order-rules/rules";
import { toRuleListDto } from "./dto";

/** Sets the running order; the list must name every rule of the store exactly once. */
export async function reorderOrderRules(ctx: UserContext, body: BodyOf<typeof orderRules.reorderOrderRules>): Promise<ResponseOf<typeof orderRules.reorderOrderRules>> {
  requirePermission(ctx, "store.settings.write");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    await q.lockStoreRules(tx, storeId);
    const known = new Set((await q.listRules(tx, storeId)).map((r) => r.id));
    const given = body.ruleIds.map((id) => id.toLowerCase());
    if (new Set(given).size !== given.length) throw invalid("body.ruleIds", "must name each rule once");
    const unknown = given.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw invalid(`body.ruleIds.${unknown}`, "is not a rule of your store");
    if (given.length !== known.size) throw invalid("body.ruleIds", `must list all ${known.size} of your rules`);
    await q.setPositions(tx, storeId, given);
    return toRuleListDto(await q.listRules(tx, storeId));
  });
}
