import { gramsToPounds, toInches, toPounds, type CustomsItem, type LabelAddress, type Parcel, type PreflightCheck, type ShippingLabelDetail } from "@atelier/contracts/shipping";
import type { Queryable } from "../../db/pool";
import * as labels from "../../queries/shipping/labels";
import { skuWeightsGrams } from "../../queries/inventory/weights";
import { checkAddress } from "../../providers/shipping/local-address-check";
import { billedWeightLb, dimensionalWeightLb } from "../../providers/shipping/rate-sheet";
import type { ParcelLbIn, RateRequest } from "../../providers/shipping";
import { knownHsHeading } from "./hs-codes";

// What quoting and buying share: the parcel in pounds and inches, and the preflight checks a
// label must pass before it is bought (ANCHORS B5: address, SKU weight, dimensional weight,
// customs for international parcels, one label per order).

export type Shipment = { fromAddress: LabelAddress; toAddress: LabelAddress; parcel: Parcel; customs: CustomsItem[]; sku?: string; orderNumber?: number };

export function parcelLbIn(p: Parcel): ParcelLbIn {
  return { weightLb: toPounds(p.weight, p.mass_unit), lengthIn: toInches(p.length, p.distance_unit), widthIn: toInches(p.width, p.distance_unit), heightIn: toInches(p.height, p.distance_unit) };
}

/** The addresses as the address check normalises them (the checks say what it could not fix). */
export function rateRequest(s: Shipment, shipDate = new Date()): RateRequest {
  return { from: checkAddress(s.fromAddress).normalized, to: checkAddress(s.toAddress).normalized, parcel: parcelLbIn(s.parcel), customs: s.customs, shipDate };
}

const lb = (n: number) => `${n.toFixed(2)} lb`;

export async function preflight(db: Queryable, storeId: string, s: Shipment): Promise<PreflightCheck[]> {
  const checks: PreflightCheck[] = [];
  const checked = { fromAddress: checkAddress(s.fromAddress), toAddress: checkAddress(s.toAddress) };
  for (const side of ["fromAddress", "toAddress"] as const) {
    const check = checked[side];
    const who = side === "fromAddress" ? "The sender's" : "The recipient's";
    for (const p of check.problems) checks.push({ level: "ERROR", field: `${side}.${p.field}`, message: `${who} address: ${p.message}` });
  }
  const parcel = parcelLbIn(s.parcel);
  const dim = dimensionalWeightLb(parcel);
  if (dim > parcel.weightLb) checks.push({ level: "WARNING", field: "parcel", message: `The box is billed by its size: ${lb(dim)} dimensional weight against ${lb(parcel.weightLb)} actual, so it is charged as ${billedWeightLb(parcel)} lb. A smaller box costs less.` });
  if (s.sku) {
    const knownGrams = (await skuWeightsGrams(db, storeId, [s.sku])).get(s.sku.toUpperCase());
    if (knownGrams !== undefined) {
      const known = gramsToPounds(knownGrams);
      if (Math.abs(parcel.weightLb - known) > Math.max(0.1, known * 0.2)) checks.push({ level: "WARNING", field: "parcel.weight", message: `${s.sku.toUpperCase()} shipped at ${lb(known)} before; this parcel says ${lb(parcel.weightLb)}. Check the weight.` });
    }
  }
  const international = checked.fromAddress.normalized.countryCode !== checked.toAddress.normalized.countryCode;
  if (international) {
    if (s.customs.length === 0) checks.push({ level: "ERROR", field: "customs", message: "An international parcel needs its customs lines: what is inside, its HS code and its country of origin." });
    for (const [i, item] of s.customs.entries()) {
      if (!(await knownHsHeading(item.hsCode))) checks.push({ level: "WARNING", field: `customs.${i}.hsCode`, message: `HS code ${item.hsCode} is not in the tariff data; check it before customs does.` });
    }
  }
  if (s.orderNumber !== undefined) {
    const live = await labels.findLiveLabelOfOrder(db, storeId, s.orderNumber);
    if (live) checks.push({ level: "ERROR", field: "orderNumber", message: `Order ${s.orderNumber} already has label ${live.trackingNumber}; void it before buying another.` });
  }
  return checks;
}

export function toLabelDto(l: labels.LabelRow, events: ShippingLabelDetail["events"]): ShippingLabelDetail {
  return {
    id: l.id, status: l.status, carrier: l.carrier, serviceCode: l.serviceCode, serviceName: l.serviceName, trackingNumber: l.trackingNumber,
    priceCents: l.priceCents, refundedCents: l.refundedCents, estimatedDays: l.estimatedDays, deliveryDate: l.deliveryDate, zone: l.zone, billedWeightLb: l.billedWeightLb,
    isReturn: l.isReturn, returnOfId: l.returnOfId, orderNumber: l.orderNumber, fromAddress: l.fromAddress, toAddress: l.toAddress, parcel: l.parcel, notes: l.notes,
    customs: l.customs, surcharges: l.surcharges, chargeId: l.chargeId, createdAt: l.createdAt.toISOString(), voidedAt: l.voidedAt?.toISOString() ?? null, events,
  };
}
