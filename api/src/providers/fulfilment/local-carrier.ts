import crypto from "node:crypto";
import type { Shipment } from "./types";

// Atelier's built-in carrier: the shipping issue builds rates and labels on it. Its tracking
// numbers follow the UPU S10 format (two letters, eight digits, a mod-11 check digit, the
// country), so they look and validate like a postal service's.

const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** The S10 check digit of eight digits. */
export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((n, d, i) => n + Number(d) * WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** Whether a tracking number is a well-formed S10 number with the right check digit. */
export function isS10(tracking: string): boolean {
  const m = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/.exec(tracking);
  return Boolean(m && s10CheckDigit(m[1]!) === Number(m[2]));
}

/** A new shipment with the local carrier from the center's country. */
export function localCarrierShipment(countryCode = "US"): Shipment {
  const serial = String(crypto.randomInt(0, 100_000_000)).padStart(8, "0");
  const trackingNumber = `LA${serial}${s10CheckDigit(serial)}${countryCode}`;
  return { carrier: "Atelier Post", service: "Ground", trackingNumber, trackingUrl: `/track-order?tracking=${trackingNumber}` };
}
