import { roleMayCall } from "@atelier/contracts";
import { FULFILMENT_CENTER_ADDRESS, orderNumbersQuery } from "@atelier/contracts/shipping";
import type { RequestContext, UserContext } from "../../../context";
import { forbidden, invalid, unauthorized } from "../../../errors";
import { currentSession, NO_LONGER_MEMBER } from "../../auth/current-session";
import { loadOrders } from "../order-shipments";
import { buildPickList } from "../pick-list";
import { renderPackingSlips, renderPickList } from "./render-order-documents";

export type OrderDocument = { contentType: string; fileName: string; body: Buffer };
export const ORDER_DOCUMENT_KINDS = ["packing-slips", "pick-list"] as const;

/** Packing slips or the pick list of the selected orders, for a member of their store; an order of another store is 404. */
export async function openOrderDocument(ctx: RequestContext, token: string | undefined, kind: (typeof ORDER_DOCUMENT_KINDS)[number], orders: unknown): Promise<OrderDocument> {
  const verified = token ? await ctx.tokens.verify(token) : null;
  if (!verified) throw unauthorized();
  const claims = (await currentSession(ctx.pool, verified))?.claims;
  if (!claims || claims.supplierId) throw unauthorized(NO_LONGER_MEMBER);
  if (!roleMayCall(claims.role, "getPickList")) throw forbidden();
  const parsed = orderNumbersQuery.safeParse(typeof orders === "string" ? orders : "");
  if (!parsed.success) throw invalid("query.orders", parsed.error.issues[0]!.message);
  const user: UserContext = { ...ctx, auth: claims };
  const found = await loadOrders(user, parsed.data);
  const stamp = found.length === 1 ? String(found[0]!.orderNumber) : `${found.length}-orders`;
  if (kind === "packing-slips") {
    const from = [FULFILMENT_CENTER_ADDRESS.name, FULFILMENT_CENTER_ADDRESS.addressLine1, `${FULFILMENT_CENTER_ADDRESS.city}, ${FULFILMENT_CENTER_ADDRESS.stateCode} ${FULFILMENT_CENTER_ADDRESS.zipCode}`];
    return { contentType: "application/pdf", fileName: `packing-slips-${stamp}.pdf`, body: await renderPackingSlips(found, from) };
  }
  const list = await buildPickList(user, found);
  return { contentType: "application/pdf", fileName: `pick-list-${stamp}.pdf`, body: await renderPickList(list.lines, list.orderCount, new Date()) };
}
