import type { UserContext } from "../../context";
import { loadCart, type CartDto } from "./dto";

/** The cart with its refund policy. */
export async function getCart(ctx: UserContext): Promise<CartDto> {
  return loadCart(ctx.pool, ctx.auth.storeId);
}
