import type { BodyOf, ResponseOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";

/** 000 §7 commons address validation, by the first carrier (the built-in one checks offline). */
export async function validateAddress(ctx: UserContext, body: BodyOf<typeof shipping.validateAddress>): Promise<ResponseOf<typeof shipping.validateAddress>> {
  requirePermission(ctx, "orders.manage");
  return ctx.providers.shipping[0]!.validateAddress(body.address);
}
