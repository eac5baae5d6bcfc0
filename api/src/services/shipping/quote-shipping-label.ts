import type { BodyOf, ResponseOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { dimensionalWeightLb } from "../../providers/shipping/rate-sheet";
import { preflight, rateRequest } from "./shipment";
import { rateAllCarriers } from "./rate-all-carriers";

/** Every carrier's services for the parcel, cheapest first, with the preflight checks; a failing carrier is a message. */
export async function quoteShippingLabel(ctx: UserContext, body: BodyOf<typeof shipping.quoteShippingLabel>): Promise<ResponseOf<typeof shipping.quoteShippingLabel>> {
  requirePermission(ctx, "orders.manage");
  const request = rateRequest(body);
  const [{ rates, messages }, checks] = await Promise.all([rateAllCarriers(ctx.providers.shipping, request), preflight(ctx.pool, ctx.auth.storeId, body)]);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { rates, messages, checks, actualWeightLb: round(request.parcel.weightLb), dimensionalWeightLb: round(dimensionalWeightLb(request.parcel)) };
}
