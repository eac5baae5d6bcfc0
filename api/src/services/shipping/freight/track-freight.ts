import { z } from "zod";
import { FREIGHT_MODE_WORDS } from "@atelier/contracts/shipping";
import type { AppDeps, UserContext } from "../../../context";
import { afterCommit, withTransaction, type Queryable } from "../../../db/pool";
import { defineJob, PermanentJobError } from "../../../jobs";
import { originOf } from "../../../providers/freight";
import * as q from "../../../queries/shipping/freight";
import * as receivings from "../../../queries/receivings/receivings";
import { announceReceiving } from "../../receivings/create-receiving";
import { publishReceivingUpdated, receivingDetail } from "../../receivings/receiving-detail";
import { publishFreightUpdated } from "./freight-dto";

// The timeline over time: one job run asks the forwarder for the stages reached (outside any
// transaction), records the new ones and the status in one short transaction, and enqueues the
// next look for when the forwarder expects the next stage. On delivery the same transaction
// announces the inbound receiving with the goods as expected lines, at the dock (IN_QUEUE), so the
// center counts it like any other shipment; the booking keeps its number.

export const TRACK_FREIGHT = "shipping.trackFreight";

export function trackFreightJob(deps: AppDeps) {
  return defineJob({
    type: TRACK_FREIGHT,
    payload: z.strictObject({ bookingId: z.uuid(), storeId: z.uuid() }),
    maxAttempts: 5,
    backoffMs: 2000,
    handler: (payload) => trackFreight(deps, payload.storeId, payload.bookingId),
  });
}

/** Enqueues the next look at a booking in db's transaction; the worker looks once it commits. */
export async function enqueueFreightTracking(deps: AppDeps, db: Queryable, booking: { id: string; storeId: string }, delayMs: number): Promise<void> {
  await deps.jobs.enqueue(trackFreightJob(deps), { bookingId: booking.id, storeId: booking.storeId }, { db, storeId: booking.storeId, runAt: new Date(Date.now() + delayMs) });
  afterCommit(db, () => deps.jobs.kick());
}

export async function trackFreight(deps: AppDeps, storeId: string, bookingId: string): Promise<{ status: string }> {
  const booking = await q.getBooking(deps.pool, storeId, bookingId);
  if (!booking) throw new PermanentJobError("The freight booking no longer exists.");
  if (booking.status === "DELIVERED") return { status: booking.status };
  const report = await deps.providers.freight.track({ reference: booking.reference, origin: booking.originCode, bookedAt: booking.createdAt });
  const status = report.stages.at(-1)?.status ?? booking.status;
  await withTransaction(deps.pool, async (tx) => {
    const current = await q.getBooking(tx, storeId, bookingId, true);
    if (!current || current.status === "DELIVERED") return;
    const added = await q.addEvents(tx, storeId, bookingId, report.stages);
    if (status !== current.status) await q.setStatus(tx, storeId, bookingId, status);
    if (status === "DELIVERED" && !current.receivingId) await receiveFreight(deps, tx, current);
    if (report.nextCheckAt && status !== "DELIVERED") await enqueueFreightTracking(deps, tx, { id: bookingId, storeId }, Math.max(0, report.nextCheckAt.getTime() - Date.now()));
    if (added > 0) publishFreightUpdated(tx, storeId, { id: bookingId, reference: booking.reference, status });
  });
  return { status };
}

/** The delivered freight as an inbound receiving at the dock, its goods the expected lines. */
async function receiveFreight(deps: AppDeps, tx: Queryable, b: q.FreightBookingRow): Promise<void> {
  if (!b.createdBy) throw new PermanentJobError("The person who booked this freight is no longer in the store; announce its receiving from the receivings screen.");
  // The receiving is announced on behalf of whoever booked the freight.
  const ctx: UserContext = { ...deps, requestId: `freight:${b.id}`, auth: { userId: b.createdBy, storeId: b.storeId, role: "OWNER", isPreview: false, type: "v1", exp: 0 } };
  const origin = originOf(b.originCode);
  const detail = await announceReceiving(tx, ctx, {
    supplierName: `Freight from ${origin.name}`.slice(0, 120),
    boxCount: b.cartons,
    carrier: "Atelier Freight",
    trackingNumber: b.reference,
    expectedArrival: new Date().toISOString().slice(0, 10),
    note: `${FREIGHT_MODE_WORDS[b.mode]} from ${origin.name}, booking ${b.reference}.`,
    lines: b.goods.map((g) => ({ sku: g.sku, title: g.description, expectedQuantity: g.units })),
  });
  await receivings.setDelivery(tx, b.storeId, detail.id, "IN_QUEUE", { carrier: "Atelier Freight", trackingNumber: b.reference });
  publishReceivingUpdated(tx, b.storeId, await receivingDetail(tx, ctx, { id: detail.id }));
  await q.linkReceiving(tx, b.storeId, b.id, { id: detail.id, sn: detail.sn });
}
