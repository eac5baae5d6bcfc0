import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { loadCart, type CartDto } from "./dto";

/** The cart with its refund policy. */
export async function getCart(ctx: UserContext): Promise<CartDto> {
  requirePermission(ctx, "sourcing.use");
  return loadCart(ctx.pool, ctx.auth.storeId);
}
