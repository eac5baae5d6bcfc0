import type { BodyOf, presales } from "@atelier/contracts";
import type { Presale } from "@atelier/contracts/presales";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import { withTransaction } from "../../../db/pool";
import { conflict, invalid } from "../../../errors";
import * as stock from "../../../queries/inventory/stock";
import * as q from "../../../queries/shipping/presales";
import { namedShipment } from "./incoming-shipments";
import { findPresale, toPresaleDto } from "./presale-dto";

/**
 * Puts a SKU of the inventory on pre-sale, waiting for an open receiving or freight booking that
 * brings it. The expected ship date defaults to the shipment's arrival estimate plus two days; a
 * shipment without an estimate needs one given. One live pre-sale per SKU (409 otherwise).
 */
export async function startPresale(ctx: UserContext, body: BodyOf<typeof presales.startPresale>): Promise<Presale> {
  requirePermission(ctx, "store.settings.write");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const item = await stock.getItem(tx, storeId, body.sku);
    if (!item) throw invalid("body.sku", `is not a SKU of your inventory (${body.sku}); add it on the Products screen first`);
    const shipment = await namedShipment(tx, storeId, item.sku, body);
    if (!shipment) {
      const [field, what] = body.receivingSn ? ["body.receivingSn", `receiving ${body.receivingSn.toUpperCase()}`] : ["body.freightReference", `freight booking ${body.freightReference}`];
      throw invalid(field, `must be an open shipment bringing ${item.sku}, and ${what} is not one (it does not exist, does not carry ${item.sku}, or all of it arrived)`);
    }
    const today = new Date().toISOString().slice(0, 10);
    if (!body.expectedShipDate && !shipment.defaultShipDate) throw invalid("body.expectedShipDate", `is needed: ${shipment.words} has no arrival estimate`);
    if (body.expectedShipDate && body.expectedShipDate < today) throw invalid("body.expectedShipDate", "must be today or later");
    const shipDate = body.expectedShipDate ?? shipment.defaultShipDate!;
    const id = await q.insertPresale(tx, storeId, {
      itemId: item.id, sku: item.sku, title: item.title, sourceKind: shipment.kind, sourceRef: shipment.ref, receivingId: shipment.receivingId,
      freightBookingId: shipment.freightBookingId, cap: body.cap, expectedShipDate: shipDate, createdBy: ctx.auth.userId,
    });
    if (!id) throw conflict(`${item.title} (${item.sku}) is already on pre-sale; end that pre-sale before starting another.`);
    return toPresaleDto(await findPresale(tx, storeId, id));
  });
}
