import { FREIGHT_DESTINATION, FREIGHT_MODE_WORDS, type FreightBooking, type FreightBookingDetail, type quoteFreight } from "@atelier/contracts/shipping";
import type { ResponseOf } from "@atelier/contracts";
import type { Queryable } from "../../../db/pool";
import { notFound } from "../../../errors";
import { publishAfterCommit } from "../../../realtime";
import { originOf } from "../../../providers/freight";
import * as q from "../../../queries/shipping/freight";

export type QuoteFreightResponse = ResponseOf<typeof quoteFreight>;

export function toBookingDto(b: q.FreightBookingRow): FreightBooking {
  const o = originOf(b.originCode);
  return {
    id: b.id, reference: b.reference, status: b.status,
    origin: { code: o.code, name: o.name, country: o.country },
    destination: { code: FREIGHT_DESTINATION.code, name: FREIGHT_DESTINATION.name, country: "United States" },
    mode: b.mode, modeName: FREIGHT_MODE_WORDS[b.mode], containers: b.containers, cartons: b.cartons, weightKg: b.weightKg, volumeCbm: b.volumeCbm, goods: b.goods,
    priceCents: b.priceCents, transitDays: b.transitDays, arrivalDate: b.arrivalDate, dutyCents: b.dutyCents, chargeId: b.chargeId, receivingSn: b.receivingSn,
    createdAt: b.createdAt.toISOString(), updatedAt: b.updatedAt.toISOString(),
  };
}

/** One booking of the store with its timeline; another store's is 404 like one that does not exist. */
export async function bookingDetail(db: Queryable, storeId: string, id: string): Promise<FreightBookingDetail> {
  const b = await q.getBooking(db, storeId, id);
  if (!b) throw notFound("The freight booking");
  const events = await q.eventsOf(db, storeId, id);
  return { ...toBookingDto(b), duty: b.duty, events: events.map((e) => ({ ...e, occurredAt: e.occurredAt.toISOString() })) };
}

/** Tells the store's open screens a booking changed, once db's transaction commits. */
export function publishFreightUpdated(db: Queryable, storeId: string, b: { id: string; reference: string; status: string }): void {
  publishAfterCommit(db, { name: "freight.updated", to: { storeId }, payload: { bookingId: b.id, reference: b.reference, status: b.status } });
}
