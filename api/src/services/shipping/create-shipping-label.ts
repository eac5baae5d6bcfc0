import type { BodyOf, shipping } from "@atelier/contracts";
import type { ShippingLabelDetail } from "@atelier/contracts/shipping";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { buyLabel } from "./buy-label";

/** 001 §7 /web/standalone-label create: buys the chosen service's label. */
export async function createShippingLabel(ctx: UserContext, body: BodyOf<typeof shipping.createShippingLabel>): Promise<ShippingLabelDetail> {
  requirePermission(ctx, "orders.manage");
  return buyLabel(ctx, body);
}
