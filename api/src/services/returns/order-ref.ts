import { orderRefSchema } from "@atelier/contracts/orders";
import type { OrderRef } from "../orders/get-order";

/** The order a body or query names as text (already checked by the contract): `{ number }` or `{ id }`. */
export function orderRefOf(text: string): OrderRef {
  return orderRefSchema.parse(text);
}
