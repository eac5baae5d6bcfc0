import { FREIGHT_DESTINATION, type FreightCargo } from "@atelier/contracts/shipping";
import type { QuoteFreightResponse } from "./freight-dto";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import { chargeableWeightKg, originOf } from "../../../providers/freight";
import { estimateDuty } from "./estimate-duty";

/** Air, LCL and FCL prices for the cargo, cheapest first, and the duty of its goods; nothing is booked. */
export async function quoteFreight(ctx: UserContext, cargo: FreightCargo): Promise<QuoteFreightResponse> {
  requirePermission(ctx, "orders.manage");
  const origin = originOf(cargo.origin);
  const options = await ctx.providers.freight.quote(cargo, new Date());
  return {
    origin: { code: origin.code, name: origin.name, country: origin.country },
    destination: { code: FREIGHT_DESTINATION.code, name: FREIGHT_DESTINATION.name, country: "United States" },
    chargeableWeightKg: chargeableWeightKg(cargo.weightKg, cargo.volumeCbm),
    options,
    duty: await estimateDuty(ctx, origin.countryCode, cargo.goods),
  };
}
