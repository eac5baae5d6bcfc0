import type { BodyOf, orderRules } from "@atelier/contracts";
import type { OrderRule } from "@atelier/contracts/order-rules";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as q from "../../queries/order-rules/rules";
import { findRule, ruleDto } from "./get-order-rule";
import { nameTaken } from "./rule-names";

/** Renames, rewrites, enables or disables a rule; orders it already acted on keep what it did. */
export async function updateOrderRule(ctx: UserContext, id: string, body: BodyOf<typeof orderRules.updateOrderRule>): Promise<OrderRule> {
  requirePermission(ctx, "store.settings.write");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    await findRule(tx, ctx, id, true);
    if (body.name !== undefined && nameTaken(await q.listRules(tx, storeId), body.name, id)) throw conflict(`A rule named "${body.name}" already exists; choose another name.`);
    await q.updateRule(tx, storeId, id, body);
    return ruleDto(tx, ctx, id);
  });
}
