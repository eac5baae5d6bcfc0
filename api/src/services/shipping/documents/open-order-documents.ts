import { FULFILMENT_CENTER_ADDRESS, getPickList, orderNumbersQuery } from "@atelier/contracts/shipping";
import type { RequestContext } from "../../../context";
import { invalid } from "../../../errors";
import { memberFromToken } from "../../auth/authenticate-caller";
import { loadOrders } from "../order-shipments";
import { buildPickList } from "../pick-list";
import { renderPackingSlips, renderPickList } from "./render-order-documents";

export type OrderDocument = { contentType: string; fileName: string; body: Buffer };
export const ORDER_DOCUMENT_KINDS = ["packing-slips", "pick-list"] as const;

/** Packing slips or the pick list of the selected orders, for a member of their store; an order of another store is 404. */
export async function openOrderDocument(ctx: RequestContext, token: string | undefined, kind: (typeof ORDER_DOCUMENT_KINDS)[number], orders: unknown): Promise<OrderDocument> {
  const user = await memberFromToken(ctx, token, getPickList);
  const parsed = orderNumbersQuery.safeParse(typeof orders === "string" ? orders : "");
  if (!parsed.success) throw invalid("query.orders", parsed.error.issues[0]!.message);
  const found = await loadOrders(user, parsed.data);
  const stamp = found.length === 1 ? String(found[0]!.orderNumber) : `${found.length}-orders`;
  if (kind === "packing-slips") {
    const from = [FULFILMENT_CENTER_ADDRESS.name, FULFILMENT_CENTER_ADDRESS.addressLine1, `${FULFILMENT_CENTER_ADDRESS.city}, ${FULFILMENT_CENTER_ADDRESS.stateCode} ${FULFILMENT_CENTER_ADDRESS.zipCode}`];
    return { contentType: "application/pdf", fileName: `packing-slips-${stamp}.pdf`, body: await renderPackingSlips(found, from) };
  }
  const list = await buildPickList(user, found);
  return { contentType: "application/pdf", fileName: `pick-list-${stamp}.pdf`, body: await renderPickList(list.lines, list.orderCount, new Date()) };
}
