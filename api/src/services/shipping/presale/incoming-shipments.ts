import { PRESALE_SHIP_DAYS_AFTER_ARRIVAL, type IncomingShipment } from "@atelier/contracts/presales";
import type { Queryable } from "../../../db/pool";
import * as receivings from "../../../queries/receivings/receivings";
import * as freight from "../../../queries/shipping/freight";
import { sourceWords } from "./presale-dto";

// The incoming shipments a pre-sale can wait for: open receivings with units of the SKU still to
// count, and freight bookings carrying it that are not delivered yet (a delivered one became a
// receiving, listed as such). Read through the receivings' and freight's own queries.

export type Incoming = IncomingShipment & { receivingId: string | null; freightBookingId: string | null };

/** The date `days` after an ISO date, as YYYY-MM-DD. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The arrival plus two days; a shipment already late still needs counting in and packing, so never a day gone by. */
function shipDateAfter(arrival: string | null): string | null {
  if (!arrival) return null;
  const soonest = addDays(new Date().toISOString().slice(0, 10), PRESALE_SHIP_DAYS_AFTER_ARRIVAL);
  const date = addDays(arrival, PRESALE_SHIP_DAYS_AFTER_ARRIVAL);
  return date < soonest ? soonest : date;
}
const snOf = (n: number) => `RCV-${n}`;

async function receivingsBringing(db: Queryable, storeId: string, sku: string, number?: number): Promise<Incoming[]> {
  const rows = number !== undefined
    ? [await receivings.getReceiving(db, storeId, { number })].filter((r) => r !== null)
    : (await Promise.all((["NONE", "PARTIAL"] as const).map((filter) => receivings.listReceivings(db, storeId, { filter, search: sku, sort: "expectedArrival", limit: 50, offset: 0 })))).flatMap((p) => p.list);
  const open = rows.filter((r) => !r.canceledAt && !r.closedAt && r.receivingStatus !== "RECEIVED");
  const lines = await receivings.linesOf(db, storeId, open.map((r) => r.id));
  return open.flatMap((r) => {
    const line = (lines.get(r.id) ?? []).find((l) => l.sku.toLowerCase() === sku.toLowerCase());
    const units = line ? line.expected - line.received - line.damaged : 0;
    if (units <= 0) return [];
    const ref = snOf(r.number);
    return [{ kind: "RECEIVING" as const, ref, words: sourceWords("RECEIVING", ref), units, arrivalDate: r.expectedArrival, defaultShipDate: shipDateAfter(r.expectedArrival), receivingId: r.id, freightBookingId: null }];
  });
}

async function freightBringing(db: Queryable, storeId: string, sku: string, search: string): Promise<Incoming[]> {
  const { list } = await freight.listBookings(db, storeId, { search, sort: "arrivalDate", limit: 50, offset: 0, originCodes: [] });
  return list.flatMap((b) => {
    const goods = b.goods.find((g) => g.sku.toLowerCase() === sku.toLowerCase());
    if (!goods || b.status === "DELIVERED") return [];
    return [{ kind: "FREIGHT" as const, ref: b.reference, words: sourceWords("FREIGHT", b.reference), units: goods.units, arrivalDate: b.arrivalDate, defaultShipDate: shipDateAfter(b.arrivalDate), receivingId: null, freightBookingId: b.id }];
  });
}

/** Every open shipment bringing the SKU, soonest first (those without an estimate last). */
export async function incomingOf(db: Queryable, storeId: string, sku: string): Promise<Incoming[]> {
  const all = [...(await receivingsBringing(db, storeId, sku)), ...(await freightBringing(db, storeId, sku, sku))];
  return all.sort((a, b) => (a.arrivalDate ?? "9999").localeCompare(b.arrivalDate ?? "9999") || a.ref.localeCompare(b.ref));
}

/** The one shipment a start names, or null when it is not open or does not bring the SKU. */
export async function namedShipment(db: Queryable, storeId: string, sku: string, named: { receivingSn?: string; freightReference?: string }): Promise<Incoming | null> {
  if (named.receivingSn) return (await receivingsBringing(db, storeId, sku, Number(named.receivingSn.replace(/^rcv-?/i, ""))))[0] ?? null;
  const ref = named.freightReference!.toLowerCase();
  return (await freightBringing(db, storeId, sku, named.freightReference!)).find((s) => s.ref.toLowerCase() === ref) ?? null;
}
