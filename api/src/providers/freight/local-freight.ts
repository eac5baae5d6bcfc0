import crypto from "node:crypto";
import { FREIGHT_DESTINATION, FREIGHT_STATUSES, type FreightStatus } from "@atelier/contracts/shipping";
import { originOf, rateFreight } from "./rate-model";
import type { FreightProvider, FreightStage } from "./types";

// The built-in forwarder, offline: prices from the rate model, a booking reference derived from
// the request's key (a retry gets the same one), and stages that follow the booking's age, one
// every `stepMs` after it was booked (0 in tests: the whole timeline at once).

export type LocalFreightOptions = { stepMs: number };

const STAGE_TEXT: Record<FreightStatus, (origin: string) => [string, string]> = {
  BOOKED: (o) => ["Booked with the forwarder; the supplier is told when to hand the cargo over", o],
  PICKED_UP: (o) => ["Cargo picked up from the supplier", o],
  DEPARTED: (o) => ["Departed the origin port", o],
  ARRIVED: () => ["Arrived at the destination port", `${FREIGHT_DESTINATION.name}, US`],
  CUSTOMS_CLEARED: () => ["Cleared US customs", `${FREIGHT_DESTINATION.name}, US`],
  DELIVERED: () => ["Delivered to the fulfilment center", "San Francisco, CA"],
};

export function createLocalFreight(options: LocalFreightOptions): FreightProvider {
  return {
    name: "Atelier Freight",
    async quote(cargo, shipDate) {
      return rateFreight(cargo, shipDate);
    },
    async book(request) {
      const digits = parseInt(crypto.createHash("sha256").update(request.key).digest("hex").slice(0, 8), 16) % 1_000_000;
      return { reference: `AF-${request.origin}-${String(digits).padStart(6, "0")}` };
    },
    async track(booking) {
      const now = Date.now();
      const origin = originOf(booking.origin);
      const stages: FreightStage[] = [];
      for (const [i, status] of FREIGHT_STATUSES.entries()) {
        const at = new Date(booking.bookedAt.getTime() + i * options.stepMs);
        if (at.getTime() > now) return { stages, nextCheckAt: at };
        const [message, location] = STAGE_TEXT[status](`${origin.name}, ${origin.countryCode}`);
        stages.push({ status, message, location, occurredAt: at });
      }
      return { stages, nextCheckAt: null };
    },
  };
}
