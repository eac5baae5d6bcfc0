import type { ShippingLabelDetail } from "@atelier/contracts/shipping";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import * as labels from "../../queries/shipping/labels";
import { toLabelDto } from "./shipment";

export async function labelDetail(db: Queryable, storeId: string, id: string): Promise<ShippingLabelDetail> {
  const label = await labels.getLabel(db, storeId, id);
  if (!label) throw notFound("The label");
  return toLabelDto(label, await labels.listEvents(db, storeId, id));
}

/** One of the store's labels with its tracking events; another store's label is not found. */
export async function getShippingLabel(ctx: UserContext, id: string): Promise<ShippingLabelDetail> {
  requirePermission(ctx, "orders.manage");
  return labelDetail(ctx.pool, ctx.auth.storeId, id);
}
