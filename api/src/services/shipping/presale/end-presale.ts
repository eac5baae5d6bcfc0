import type { ResponseOf, presales } from "@atelier/contracts";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import { withTransaction } from "../../../db/pool";
import { conflict } from "../../../errors";
import * as q from "../../../queries/shipping/presales";
import { findPresale, sourceWords, toPresaleDto } from "./presale-dto";

const list = (words: string[]) => (words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);
const SHOWN = 10;
const units = (n: number) => `${n} unit${n === 1 ? "" : "s"}`;

/**
 * Ends a pre-sale: new orders short of the SKU get the usual out-of-stock hold again. The orders
 * already waiting keep their place in the queue (their customers were promised the goods); the
 * answer names them, and the owner cancels any that won't be filled from Orders.
 */
export async function endPresale(ctx: UserContext, id: string): Promise<ResponseOf<typeof presales.endPresale>> {
  requirePermission(ctx, "store.settings.write");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const found = await findPresale(tx, storeId, id, true);
    if (!(await q.endPresale(tx, storeId, id))) throw conflict(`The pre-sale of ${found.title} (${found.sku}) already ended.`);
    await q.insertChange(tx, storeId, id, ctx.auth.userId, "ended it: no new pre-orders");
    const presale = await findPresale(tx, storeId, id);
    const waiting = await q.listPreorders(tx, storeId, id, { status: "WAITING", limit: SHOWN, offset: 0 });
    const head = `The pre-sale of ${presale.title} (${presale.sku}) has ended: no new pre-orders are taken.`;
    if (waiting.total === 0) return { presale: toPresaleDto(presale), message: `${head} No orders were waiting for it.` };
    const numbers = waiting.list.map((o) => `#${o.orderNumber}`);
    const named = waiting.total > SHOWN ? `${numbers.join(", ")} and ${waiting.total - SHOWN} more` : list(numbers);
    const orders = waiting.total === 1 ? `The order still waiting (${named}, ${units(presale.waitingUnits)}) keeps its place` : `The ${waiting.total} orders still waiting (${named}, ${units(presale.waitingUnits)}) keep their place`;
    const source = sourceWords(presale.sourceKind, presale.sourceRef);
    return { presale: toPresaleDto(presale), message: `${head} ${orders} and will be allocated in order when the stock of ${source} is received; cancel any you won't fill from Orders.` };
  });
}
