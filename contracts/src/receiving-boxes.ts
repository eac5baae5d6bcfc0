import { z } from "zod";
import { skuSchema } from "./inventory";

// Per-box packing lists of an inbound shipment (issue 16): what each box holds, SKU and units,
// so the dock can check a box against its label. The boxes' units of each SKU add up to the
// units the receiving expects of it, exactly; a box holds at least one SKU.

export const boxLineSchema = z.strictObject({
  sku: skuSchema.describe("The SKU in this box, one of the receiving's"),
  quantity: z.number("must be a number of units").int("must be a whole number").min(1, "must be at least 1").max(1_000_000, "must be at most 1,000,000").describe("Units of it in this box"),
});

export const boxContentsSchema = z.strictObject({
  lines: z.array(boxLineSchema).min(1, "must hold at least one SKU").max(100, "must have at most 100 SKUs"),
});

export const boxesSchema = z.array(boxContentsSchema).min(1, "must list at least one box").max(1000, "must list at most 1,000 boxes");
export type BoxContents = z.infer<typeof boxContentsSchema>;

/** One box as the receiving shows it: its number (1-based) and what it holds. */
export const receivingBoxSchema = z.object({
  number: z.number().int(),
  lines: z.array(z.object({ sku: z.string(), title: z.string(), quantity: z.number().int() })),
});
export type ReceivingBox = z.infer<typeof receivingBoxSchema>;

/** A problem with a packing list against the expected lines: the field path under `boxes` and the reason, as a sentence. */
export type BoxProblem = { path: (string | number)[]; message: string };

const key = (sku: string) => sku.trim().toLowerCase();

/**
 * Checks boxes against the units expected of each SKU: a SKU the shipment does not carry, a SKU
 * twice in one box, and each SKU's total across the boxes against its expected units.
 */
export function boxProblems(expected: { sku: string; expected: number }[], boxes: BoxContents[]): BoxProblem[] {
  const want = new Map(expected.map((l) => [key(l.sku), l]));
  const packed = new Map<string, number>();
  const problems: BoxProblem[] = [];
  boxes.forEach((box, b) => {
    const inBox = new Set<string>();
    box.lines.forEach((l, i) => {
      const k = key(l.sku);
      if (!want.has(k)) problems.push({ path: [b, "lines", i, "sku"], message: `is not on this shipment: ${l.sku} is not one of its lines` });
      else if (inBox.has(k)) problems.push({ path: [b, "lines", i, "sku"], message: `appears twice in box ${b + 1}; put all its units on one line` });
      inBox.add(k);
      packed.set(k, (packed.get(k) ?? 0) + l.quantity);
    });
  });
  if (problems.length) return problems;
  for (const l of expected) {
    const got = packed.get(key(l.sku)) ?? 0;
    if (got !== l.expected) problems.push({ path: [], message: `must hold ${l.expected.toLocaleString("en-US")} units of ${l.sku} in all, as expected, not ${got.toLocaleString("en-US")}` });
  }
  return problems;
}

/** "Same in every box": each line's units split evenly over the boxes; undefined for a line that does not divide evenly. */
export function sameInEveryBox(lines: { sku: string; expected: number }[], boxCount: number): { boxes: BoxContents[] } | { uneven: string } {
  const uneven = lines.find((l) => l.expected % boxCount !== 0);
  if (uneven) return { uneven: uneven.sku };
  const box = { lines: lines.map((l) => ({ sku: l.sku, quantity: l.expected / boxCount })) };
  return { boxes: Array.from({ length: boxCount }, () => ({ lines: box.lines.map((l) => ({ ...l })) })) };
}
