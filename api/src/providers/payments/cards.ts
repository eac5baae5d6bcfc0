import crypto from "node:crypto";
import type { PaymentResult } from "@atelier/contracts/payments";

/** Numbers the local provider always declines (Stripe's test numbers for a generic decline and for insufficient funds). */
const DECLINED_NUMBERS = new Set(["4000000000000002", "4000000000009995"]);

/** The Luhn checksum every real card number passes. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  return "unknown";
}

/** Same card, same fingerprint, and the number cannot be read back from it. */
export function fingerprintOf(number: string): string {
  return crypto.createHash("sha256").update(`atelier-card:${number}`).digest("base64url").slice(0, 16);
}

/** How the local provider will answer charges on this card. */
export function chargeOutcomeOf(number: string): PaymentResult {
  return DECLINED_NUMBERS.has(number) ? "INSTRUMENT_DECLINED" : "COMPLETED";
}

/** A card past its expiry month is declined. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  return expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
}
