import type { ShippingLabelDetail } from "@atelier/contracts/shipping";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import * as labels from "../../queries/shipping/labels";
import { labelDetail } from "./get-shipping-label";
import { publishLabelUpdated } from "./publish-label-updated";

/** Voids a label the carrier has not scanned and refunds its price through the payments ledger. */
export async function voidShippingLabel(ctx: UserContext, id: string): Promise<ShippingLabelDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const label = await labels.getLabel(ctx.pool, storeId, id);
  if (!label) throw notFound("The label");
  if (label.status === "VOIDED") throw conflict(`Label ${label.trackingNumber} is already voided and refunded.`);
  const carrier = ctx.providers.shipping.find((c) => c.name === label.carrier);
  const voided = label.status === "PURCHASED" && carrier ? await carrier.void({ trackingNumber: label.trackingNumber, createdAt: label.createdAt }) : false;
  if (!voided) throw conflict(`Label ${label.trackingNumber} has been scanned by the carrier, so it can no longer be voided.`);
  // Keyed by the label: voiding twice (a retry, two tabs) refunds once.
  const refund = await ctx.providers.payments.refund(ctx.pool, { storeId, chargeId: label.chargeId, amountCents: label.priceCents, reason: `Voided label ${label.trackingNumber}`, idempotencyKey: `shipping-label-void:${label.id}` });
  await withTransaction(ctx.pool, async (tx) => {
    await labels.markVoided(tx, storeId, id, refund.amountCents, refund.refundId);
    publishLabelUpdated(tx, storeId, { ...label, status: "VOIDED" });
  });
  return labelDetail(ctx.pool, storeId, id);
}
