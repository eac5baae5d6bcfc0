import crypto from "node:crypto";
import type { TrackingEvent, TrackingStage } from "@atelier/contracts/shipping";
import { s10CheckDigit } from "../fulfilment/local-carrier";
import { checkAddress } from "./local-address-check";
import { CARRIER_NAME, rateSheetQuote } from "./rate-sheet";
import { CarrierError, type ShippingProvider } from "./types";

// The built-in carrier, offline: rates from the rate sheet, UPU S10 tracking numbers with their
// mod-11 check digit (LS…US), and scans that follow a label's age, one stage every `stepMs`
// after it was bought. A voided label can be voided only before the first scan (ACCEPTED).

export type LocalCarrierOptions = { stepMs: number; /** Another name, to run a second local carrier (tests, a second account). */ name?: string };

const STAGE_TEXT: Record<TrackingStage, (from: string, to: string) => [string, string]> = {
  LABEL_CREATED: (from) => ["Label created; the carrier awaits the parcel", from],
  ACCEPTED: (from) => ["Accepted at the post office", from],
  IN_TRANSIT: () => ["In transit to the destination facility", "Regional sorting center"],
  OUT_FOR_DELIVERY: (_f, to) => ["Out for delivery", to],
  DELIVERED: (_f, to) => ["Delivered", to],
};
const STAGES = Object.keys(STAGE_TEXT) as TrackingStage[];

export function newTrackingNumber(): string {
  const serial = String(crypto.randomInt(0, 100_000_000)).padStart(8, "0");
  return `LS${serial}${s10CheckDigit(serial)}US`;
}

export function createLocalCarrier(options: LocalCarrierOptions): ShippingProvider {
  const name = options.name ?? CARRIER_NAME;
  const rated = (req: Parameters<typeof rateSheetQuote>[0]) => rateSheetQuote(req).map((r) => ({ ...r, carrier: name }));
  const stageAt = (createdAt: Date, i: number) => new Date(createdAt.getTime() + i * options.stepMs);
  return {
    name,
    async rate(req) {
      return rated(req);
    },
    async buy(req) {
      const rate = rated(req).find((r) => r.serviceCode === req.serviceCode);
      if (!rate) throw new CarrierError(`${name} has no ${req.serviceCode.toLowerCase().replace(/_/g, " ")} service for this parcel.`);
      return { trackingNumber: newTrackingNumber(), rate };
    },
    async void(label) {
      return Date.now() < stageAt(label.createdAt, 1).getTime();
    },
    async track(label) {
      const now = Date.now();
      const place = (a: { city: string; stateCode: string; countryCode: string }) => [a.city, a.stateCode || a.countryCode].filter(Boolean).join(", ");
      const events: TrackingEvent[] = [];
      let nextCheckAt: Date | null = null;
      for (const [i, stage] of STAGES.entries()) {
        const at = stageAt(label.createdAt, i);
        if (at.getTime() > now) {
          nextCheckAt = at;
          break;
        }
        const [message, location] = STAGE_TEXT[stage](place(label.from), place(label.to));
        events.push({ stage, message, location, occurredAt: at.toISOString() });
      }
      return { events, nextCheckAt };
    },
    async validateAddress(address) {
      return checkAddress(address);
    },
  };
}
