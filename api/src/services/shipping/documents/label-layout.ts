import type { LabelAddress } from "@atelier/contracts/shipping";
import type { LabelRow } from "../../../queries/shipping/labels";

// One layout for every label document (Karrio's single template): the blocks and their text,
// rendered to PDF at 4×6 or letter size and to ZPL by the two renderers beside this file.

export type LabelLayout = {
  carrier: string;
  service: string;
  trackingNumber: string;
  from: string[];
  to: string[];
  facts: string[];
  notes: string;
};

function addressLines(a: LabelAddress): string[] {
  return [a.name, a.addressLine1, a.addressLine2, `${a.city}${a.stateCode ? `, ${a.stateCode}` : ""} ${a.zipCode}`.trim(), a.countryCode === "US" ? "" : a.country.toUpperCase()].filter(Boolean);
}

export function labelLayout(l: Pick<LabelRow, "carrier" | "serviceName" | "trackingNumber" | "fromAddress" | "toAddress" | "billedWeightLb" | "zone" | "deliveryDate" | "isReturn" | "orderNumber" | "notes" | "createdAt">): LabelLayout {
  return {
    carrier: l.carrier.toUpperCase(),
    service: `${l.serviceName.toUpperCase()}${l.isReturn ? " · RETURN" : ""}`,
    trackingNumber: l.trackingNumber,
    from: addressLines(l.fromAddress),
    to: addressLines(l.toAddress),
    facts: [`${l.billedWeightLb} LB`, l.zone.toUpperCase(), `SHIP ${l.createdAt.toISOString().slice(0, 10)}`, `EST. ${l.deliveryDate}`, l.orderNumber ? `ORDER #${l.orderNumber}` : ""].filter(Boolean),
    notes: l.notes,
  };
}

/** Groups the tracking number in fours, as carriers print it under the barcode. */
export function spaced(tracking: string): string {
  return tracking.replace(/(.{4})/g, "$1 ").trim();
}
