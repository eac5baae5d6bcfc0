import { z } from "zod";
import type { ImportChannel } from "@atelier/contracts/sales-channels";
import type { ExportedOrder } from "./types";

/** An order of an export file with every value read and checked, ready to be placed. */
export type CheckedOrder = {
  externalId: string;
  firstLine: number;
  placedAt: Date;
  customer: { name: string; email: string; phone: string | null };
  shippingAddress: { name: string; address1: string; city: string; region: string | null; postalCode: string; countryCode: string };
  currency: string;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  lines: { line: number; sku: string; title: string; quantity: number; unitPriceCents: number }[];
};

export type RowProblem = { line: number; orderRef: string | null; message: string };

const email = z.email();

/** "$1,234.50", "12.5", "12" as cents; null when it is not an amount of 0 or more. */
export function cents(v: string): number | null {
  const n = Number(v.replace(/[$€£,\s]/g, ""));
  if (v.trim() === "") return 0;
  return Number.isFinite(n) && n >= 0 && n < 1_000_000 ? Math.round(n * 100) : null;
}

/**
 * Checks one order the way the fulfilment center needs it: an e-mail, a full shipping address, and
 * lines with a SKU, a whole positive quantity and a price. Every bad value is one problem on its
 * own line, in a sentence naming the column's meaning and what to do.
 */
export function checkOrder(channel: ImportChannel, o: ExportedOrder): CheckedOrder | RowProblem[] {
  const problems: RowProblem[] = [];
  const at = (line: number, message: string) => problems.push({ line, orderRef: o.externalId, message });
  const first = o.lines[0]!;
  const who = `Order ${o.externalId}`;
  if (!o.email) at(first, `${who} has no customer e-mail; the fulfilment center needs one to send tracking.`);
  else if (!email.safeParse(o.email).success) at(first, `${who} has "${o.email}" as its e-mail, which is not an e-mail address.`);
  const missing = (["address1", "city", "postalCode", "countryCode"] as const).filter((k) => !o.address[k]);
  if (missing.length) at(first, `${who} has no ${missing.map((k) => ADDRESS_WORDS[k]).join(", ")} in its shipping address, so it can't be shipped.`);
  const country = o.address.countryCode.toUpperCase();
  if (o.address.countryCode && !/^[A-Z]{2}$/.test(country)) at(first, `${who} has "${o.address.countryCode}" as its country; use the two-letter code, like US.`);
  const placedAt = o.placedAt ? new Date(o.placedAt) : new Date();
  if (Number.isNaN(placedAt.getTime())) at(first, `${who} has "${o.placedAt}" as its date, which is not a date Atelier can read.`);
  const amounts = { shipping: cents(o.shipping), tax: cents(o.tax), discount: cents(o.discount) };
  for (const [k, v] of Object.entries(amounts)) if (v === null) at(first, `${who} has "${(o as Record<string, unknown>)[k] as string}" as its ${k}, which is not an amount.`);
  const lines: CheckedOrder["lines"] = [];
  for (const item of o.items) {
    const quantity = Number(item.quantity);
    const price = cents(item.unitPrice);
    if (!item.sku) at(item.line, `${who}: the item "${item.title || "without a name"}" has no SKU, so Atelier can't tell which stock to ship.`);
    if (!/^\d+$/.test(item.quantity) || quantity < 1 || quantity > 10_000) at(item.line, `${who}: the quantity "${item.quantity}" of ${item.sku || "an item"} is not a whole number of units from 1 to 10,000.`);
    if (price === null) at(item.line, `${who}: the price "${item.unitPrice}" of ${item.sku || "an item"} is not an amount.`);
    lines.push({ line: item.line, sku: item.sku, title: item.title || item.sku, quantity, unitPriceCents: price ?? 0 });
  }
  if (!o.items.length) at(first, `${who} has no items.`);
  if (problems.length) return problems;
  const currency = (o.currency || "USD").toUpperCase();
  return {
    externalId: o.externalId,
    firstLine: first,
    placedAt: placedAt > new Date() ? new Date() : placedAt,
    customer: { name: o.customerName || o.address.name || o.email, email: o.email.toLowerCase(), phone: o.phone || null },
    shippingAddress: {
      name: o.address.name || o.customerName,
      address1: [o.address.address1, o.address.address2].filter(Boolean).join(", ").slice(0, 200),
      city: o.address.city,
      region: o.address.region || null,
      postalCode: o.address.postalCode,
      countryCode: country,
    },
    currency: /^[A-Z]{3}$/.test(currency) ? currency : "USD",
    shippingCents: amounts.shipping!,
    taxCents: amounts.tax!,
    discountCents: amounts.discount!,
    lines,
  };
}

const ADDRESS_WORDS = { address1: "street", city: "city", postalCode: "postcode", countryCode: "country" } as const;

