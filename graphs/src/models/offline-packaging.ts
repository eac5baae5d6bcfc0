import type { Intent } from "./offline-types";
import type { ToolResponse } from "@atelier/tools/tool-results";
import { parseKeyword, parseMoqLimit, saysSupplier, supplierSearchStep } from "./offline-marketplace";
import { countryName, materialFirst } from "./offline-parse";
import { parseQuantity } from "./offline-sourcing";
import { call, got, usd, type Got } from "./offline-steps";

// The packaging agent's marketplace: packaging items and packaging suppliers (the tools fix the
// PACKAGING type), answered against the quantity the user needs.

const PACKAGING_WORDS = /\b(mailers?|box(es)?|poly ?mailers?|tissue|inserts?|labels?|stickers?|pouch(es)?|packaging|tape|cartons?|sleeves?|bags?|wraps?|envelopes?|tins?|jars?|hang ?tags?|cards?)\b/i;

/** The search words of a packaging request: what it is and its print details, without quantities or framing. */
export function packagingKeyword(text: string): string | undefined {
  const cut = materialFirst(text)
    .replace(/\d[\d,]*\s*(units|pcs|pieces)\b/gi, " ")
    .replace(/\b(moq|minimum order)\D{0,12}\d[\d,]*/gi, " ")
    .replace(/\b(under|below|less than) \d[\d,]* (moq|units?|pcs)\b|\blow moq\b|\bcheap(est)?\b|\bmoq\b/gi, " ")
    .replace(/\b(find|show|search|list|browse|get|give|i need|we need|need|i want|want|looking for|look for|me|some|any|a|an|the|with|for|of|please|packaging|options?|ideas?)\b/gi, " ")
    .replace(/[?.!,:;]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cut.length >= 2 ? cut.slice(0, 200) : undefined;
}

type PackagingItem = ToolResponse<"search_packaging_items">["list"][number];

function itemLine(i: PackagingItem, quantity: number | undefined): string {
  const price = i.priceMinCents == null ? "price on quote" : i.priceMaxCents && i.priceMaxCents !== i.priceMinCents ? `${usd(i.priceMinCents)}–${usd(i.priceMaxCents)} each` : `${usd(i.priceMinCents)} each`;
  const fits = quantity === undefined || i.moq == null ? "" : i.moq <= quantity ? " ✓" : ` (MOQ above your ${quantity})`;
  return `- **${i.title}** — ${i.supplierName} (${countryName(i.supplierCountryCode)}), MOQ ${i.moq ?? "custom quote"}${fits}, ${price}${i.samplePriceCents != null ? `, sample ${usd(i.samplePriceCents)}` : ""}`;
}

function itemsAnswer(found: Got<"search_packaging_items">, quantity: number | undefined): string {
  const list = [...found.value.list];
  const keyword = String(found.args.keyword ?? "packaging");
  if (!list.length) return `No packaging item matched "${keyword}". Try other words (e.g. "mailer box", "tissue paper"), or ask me to find packaging suppliers.`;
  // Items the quantity can order come first (a low MOQ is what a small brand needs), each group in
  // the search's order; the best matches above the quantity keep two places, so the user sees
  // what a larger run would open up.
  const fits = (i: PackagingItem) => quantity === undefined || i.moq == null || i.moq <= quantity;
  const within = list.filter(fits);
  const above = list.filter((i) => !fits(i));
  const shownWithin = within.slice(0, above.length ? 6 : 8);
  const shown = [...shownWithin, ...above.slice(0, 8 - shownWithin.length)];
  return [
    `Packaging for "${keyword}"${quantity !== undefined ? ` at ${quantity} units (${within.length} of ${list.length} can be ordered at that quantity)` : ""}:`,
    ...shown.map((i) => itemLine(i, quantity)),
    "Say \"find packaging suppliers for …\" to see who makes them, or describe your print details and I'll write the brief.",
  ].join("\n");
}

/** Packaging requests of the packaging agent; they sit before the generic intents. */
export const PACKAGING_INTENTS: Intent[] = [
  {
    name: "packaging-suppliers",
    tools: ["search_packaging_suppliers"],
    roles: ["packaging-agent"],
    match: (t) => (saysSupplier(t) || /\b(companies|who (can )?(print|make|makes|produce)s?)\b/i.test(t)) && !/\bmy (suppliers|factories|vendors)\b/i.test(t),
    step: supplierSearchStep("search_packaging_suppliers", (t) => parseKeyword(t.replace(/\bpackaging\b/gi, " "))),
  },
  {
    name: "packaging-items",
    tools: ["search_packaging_items"],
    roles: ["packaging-agent"],
    match: (t) => PACKAGING_WORDS.test(t) && !saysSupplier(t) && !/\b(companies|who (can )?(print|make|makes|produce)s?)\b/i.test(t) && !/\b(fees?|how much does|tariffs?|dut(y|ies))\b/i.test(t),
    step: (t, done) => {
      const found = got(done, "search_packaging_items");
      const quantity = parseQuantity(t);
      if (found) return { answer: itemsAnswer(found, quantity) };
      const keyword = packagingKeyword(t);
      const limit = parseMoqLimit(t)?.max ?? Number(t.match(/\b(?:under|below|less than) (\d[\d,]*) moq\b/i)?.[1]?.replace(/,/g, "") ?? NaN);
      const moq = /\blow moq\b/i.test(t) || (limit > 0 && limit <= 100) ? { moq: "0_100" } : {};
      return keyword ? call("search_packaging_items", { keyword, size: 10, ...moq }) : { answer: "What packaging? e.g. \"find mailer boxes with inside printing, 1000 units\"." };
    },
  },
];
