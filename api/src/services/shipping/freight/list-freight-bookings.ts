import type { QueryOf, shipping } from "@atelier/contracts";
import { FREIGHT_ORIGINS } from "@atelier/contracts/shipping";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import * as q from "../../../queries/shipping/freight";
import { bookingDetail, toBookingDto } from "./freight-dto";

/** The store's bookings, paged; a search matches the reference, SKUs and goods, the receiving, and origin names. */
export async function listFreightBookings(ctx: UserContext, query: QueryOf<typeof shipping.listFreightBookings>) {
  requirePermission(ctx, "orders.manage");
  const words = query.search?.toLowerCase();
  const originCodes = words ? FREIGHT_ORIGINS.filter((o) => o.name.toLowerCase().includes(words) || o.country.toLowerCase().includes(words) || o.code.toLowerCase() === words).map((o) => o.code) : [];
  const page = await q.listBookings(ctx.pool, ctx.auth.storeId, { search: query.search, status: query.status, sort: query.sort, limit: query.size, offset: query.page * query.size, originCodes });
  return { list: page.list.map(toBookingDto), total: page.total, page: query.page, size: query.size };
}

export async function getFreightBooking(ctx: UserContext, id: string) {
  requirePermission(ctx, "orders.manage");
  return bookingDetail(ctx.pool, ctx.auth.storeId, id);
}
