import type { BodyOf, orderRules } from "@atelier/contracts";
import { MAX_ORDER_RULES, type OrderRule } from "@atelier/contracts/order-rules";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as q from "../../queries/order-rules/rules";
import { ruleDto } from "./get-order-rule";
import { nameTaken } from "./rule-names";

/** Adds a rule at the end of the running order; disabled unless asked, so its dry run comes first. */
export async function createOrderRule(ctx: UserContext, body: BodyOf<typeof orderRules.createOrderRule>): Promise<OrderRule> {
  requirePermission(ctx, "store.settings.write");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const count = await q.lockStoreRules(tx, storeId);
    if (count >= MAX_ORDER_RULES) throw conflict(`Your store already has ${MAX_ORDER_RULES} fulfilment rules; delete or combine one before adding another.`);
    const rules = await q.listRules(tx, storeId);
    if (nameTaken(rules, body.name)) throw conflict(`A rule named "${body.name}" already exists; choose another name.`);
    const id = await q.insertRule(tx, storeId, { ...body, userId: ctx.auth.userId });
    return ruleDto(tx, ctx, id);
  });
}
