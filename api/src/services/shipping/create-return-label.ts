import type { BodyOf, shipping } from "@atelier/contracts";
import type { ShippingLabelDetail } from "@atelier/contracts/shipping";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { conflict, notFound } from "../../errors";
import * as labels from "../../queries/shipping/labels";
import { buyLabel } from "./buy-label";

/** A return label for a label (Karrio's is_return): the same parcel and service, the addresses swapped. */
export async function createReturnLabel(ctx: UserContext, id: string, body: BodyOf<typeof shipping.createReturnLabel>): Promise<ShippingLabelDetail> {
  requirePermission(ctx, "orders.manage");
  const label = await labels.getLabel(ctx.pool, ctx.auth.storeId, id);
  if (!label) throw notFound("The label");
  if (label.status === "VOIDED") throw conflict(`Label ${label.trackingNumber} was voided; a voided parcel has nothing to return.`);
  if (label.isReturn) throw conflict(`Label ${label.trackingNumber} is already a return label.`);
  return buyLabel(ctx, {
    fromAddress: label.toAddress, toAddress: label.fromAddress, parcel: label.parcel, customs: label.customs, notes: `Return of ${label.trackingNumber}`,
    serviceCode: label.serviceCode, carrier: label.carrier, expectedPriceCents: body?.expectedPriceCents, isReturn: true, returnOfId: label.id,
  });
}
