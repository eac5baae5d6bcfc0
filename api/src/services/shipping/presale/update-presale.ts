import { PRESALE_RULE, shipDateWords } from "@atelier/contracts/presales";
import type { BodyOf, ResponseOf, presales } from "@atelier/contracts";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import { withTransaction } from "../../../db/pool";
import { conflict, invalid } from "../../../errors";
import * as ledger from "../../../queries/orders/ledger";
import * as q from "../../../queries/shipping/presales";
import { publishOrderUpdated } from "../../orders/publish-order-updated";
import { findPresale, holdReason } from "./presale-dto";
import { presaleDetail } from "./presale-detail";

const units = (n: number) => `${n.toLocaleString("en-US")} unit${n === 1 ? "" : "s"}`;

/**
 * Changes a pre-sale's cap or expected ship date. The cap never goes below the units already
 * pre-ordered (those customers were promised theirs; 409 with the count), and an ended pre-sale
 * takes no new cap. A new date rewrites the "Pre-sale" hold of every order still waiting, so the
 * order, the orders list and the agent all give the new date, and each order's ledger says it
 * moved. Both changes go to the pre-sale's history with who made them.
 */
export async function updatePresale(ctx: UserContext, id: string, body: BodyOf<typeof presales.updatePresale>): Promise<ResponseOf<typeof presales.updatePresale>> {
  requirePermission(ctx, "store.settings.write");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const before = await findPresale(tx, storeId, id, true);
    const name = `${before.title} (${before.sku})`;
    const said: string[] = [];
    if (body.cap !== undefined && body.cap !== before.cap) {
      if (before.status === "ENDED") throw conflict(`The pre-sale of ${name} has ended, so its cap can't change; start a new pre-sale to take more pre-orders.`);
      if (body.cap < before.sold) {
        throw conflict(`${units(before.sold)} of ${name} ${before.sold === 1 ? "is" : "are"} already pre-ordered, so the cap can't go below ${before.sold.toLocaleString("en-US")}; cancel pre-orders from Orders first to go lower.`);
      }
      if (!(await q.setCap(tx, storeId, id, body.cap))) throw conflict(`The cap of ${name} could not change: its pre-orders changed meanwhile. Try again.`);
      await q.insertChange(tx, storeId, id, ctx.auth.userId, `${body.cap > before.cap ? "raised" : "lowered"} the cap from ${before.cap.toLocaleString("en-US")} to ${units(body.cap)}`);
      said.push(`The cap of ${name} is now ${units(body.cap)} (was ${before.cap.toLocaleString("en-US")}); ${units(body.cap - before.sold)} can still be pre-ordered.`);
    }
    if (body.expectedShipDate !== undefined && body.expectedShipDate !== before.expectedShipDate) {
      if (body.expectedShipDate < new Date().toISOString().slice(0, 10)) throw invalid("body.expectedShipDate", "must be today or later");
      await q.setShipDate(tx, storeId, id, body.expectedShipDate);
      const was = shipDateWords(before.expectedShipDate);
      const now = shipDateWords(body.expectedShipDate);
      await q.insertChange(tx, storeId, id, ctx.auth.userId, `moved the expected ship date from ${was} to ${now}`);
      const moved = await findPresale(tx, storeId, id);
      const waiting = await q.waitingOfPresale(tx, storeId, id);
      let rewritten = 0;
      for (const w of waiting) {
        // A hold someone released by hand keeps its reason: the order no longer waits on it.
        if (!(await ledger.setHoldReason(tx, storeId, w.holdId, holdReason(moved, w.quantity)))) continue;
        await ledger.appendEvent(tx, storeId, w.orderId, { kind: "NOTE_ADDED", message: `The pre-sale's expected ship date moved to ${now} (was ${was}).`, actorUserId: ctx.auth.userId, actorRule: PRESALE_RULE });
        await publishOrderUpdated(tx, storeId, w.orderId);
        rewritten++;
      }
      const orders = rewritten === 0 ? "No order is waiting for it." : rewritten === 1 ? "The order waiting for it now says so." : `The ${rewritten} orders waiting for it now say so.`;
      said.push(`Pre-orders of ${name} are now expected to ship on ${now} (was ${was}). ${orders}`);
    }
    const presale = await presaleDetail(tx, storeId, id);
    return { presale, message: said.length ? said.join(" ") : `Nothing changed: the pre-sale of ${name} already has a cap of ${units(before.cap)} and ships on ${presale.expectedShipWords}.` };
  });
}
