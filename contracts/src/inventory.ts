import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";

// The store's stock at the fulfilment center (000 §2.5 "Products /inventory", §4 stock): per SKU
// and bin, on hand, reserved for open orders, incoming from receivings; available = on hand −
// reserved, never negative. Every change is a movement in an append-only ledger.

/** 000 §4 stock. */
export const STOCK_STATES = ["IN_STOCK", "OUT_OF_STOCK"] as const;
/** The inventory screen's tabs. */
export const INVENTORY_FILTERS = ["ALL", "LOW_STOCK", "OUT_OF_STOCK"] as const;
export type InventoryFilter = (typeof INVENTORY_FILTERS)[number];
export const INVENTORY_SORTS = ["sku", "-sku", "available", "-available", "title", "-title"] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

/** Why a person changes stock by hand. */
export const ADJUSTMENT_REASONS = ["COUNT_CORRECTION", "DAMAGED", "LOST", "FOUND", "RECEIVED", "OTHER"] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  COUNT_CORRECTION: "Count correction",
  DAMAGED: "Damaged",
  LOST: "Lost",
  FOUND: "Found",
  RECEIVED: "Received",
  OTHER: "Other",
};
export const MOVEMENT_KINDS = ["ADJUSTED", "RESERVED", "RELEASED", "SHIPPED", "RECEIVED", "RESTOCKED"] as const;

export const skuSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(64, "must be at most 64 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "may use only letters, digits, dots, dashes and underscores");
export const binSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, "must not be empty")
  .max(32, "must be at most 32 characters")
  .regex(/^[A-Z0-9][A-Z0-9-]*$/, "may use only letters, digits and dashes, like A-01");

export const inventoryLevelSchema = z.object({
  bin: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  incoming: z.number().int(),
  available: z.number().int(),
});

export const inventoryItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  incoming: z.number().int(),
  available: z.number().int(),
  stock: z.enum(STOCK_STATES),
  lowStock: z.boolean(),
  lowStockThreshold: z.number().int(),
  bins: z.array(inventoryLevelSchema),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryMovementSchema = z.object({
  id: z.string(),
  bin: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  reason: z.enum(ADJUSTMENT_REASONS).nullable(),
  onHandChange: z.number().int(),
  reservedChange: z.number().int(),
  onHandAfter: z.number().int(),
  reservedAfter: z.number().int(),
  note: z.string(),
  orderNumber: z.number().int().nullable(),
  actor: z.object({ userName: z.string().nullable(), rule: z.string().nullable() }),
  createdAt: z.string(),
});
export type InventoryMovement = z.infer<typeof inventoryMovementSchema>;

export const inventoryItemDetailSchema = inventoryItemSchema.extend({
  /** The ledger, newest first (the latest 50). */
  movements: z.array(inventoryMovementSchema),
});
export type InventoryItemDetail = z.infer<typeof inventoryItemDetailSchema>;

const skuParams = z.strictObject({ sku: skuSchema.describe("The SKU, as printed on the product, e.g. TEE-BLK-M") });

export const listInventory = defineContract({
  id: "listInventory",
  method: "GET",
  path: "/web/inventory",
  summary: "The store's stock per SKU with its bins (on hand, reserved, incoming, available), one tab (ALL, LOW_STOCK, OUT_OF_STOCK), searched by SKU or title, sorted and paged; with each tab's count.",
  tags: ["inventory"],
  access: "user",
  query: z.strictObject({
    filter: z.enum(INVENTORY_FILTERS).default("ALL"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    sort: z.enum(INVENTORY_SORTS).default("sku"),
    ...pageQuery,
  }),
  response: pageOf(inventoryItemSchema).extend({ counts: z.record(z.enum(INVENTORY_FILTERS), z.number().int()) }),
});

export const getInventoryItem = defineContract({
  id: "getInventoryItem",
  method: "GET",
  path: "/web/inventory/:sku",
  summary: "One SKU's stock per bin and its latest movements (adjustments with their reasons, reservations, releases, shipments).",
  tags: ["inventory"],
  access: "user",
  params: skuParams,
  response: inventoryItemDetailSchema,
});

export const createInventoryItem = defineContract({
  id: "createInventoryItem",
  method: "POST",
  path: "/web/inventory",
  summary: "Adds a SKU to the store's inventory in one bin, with the units counted there and its low-stock threshold. A SKU the store already stocks is 409.",
  tags: ["inventory"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    sku: skuSchema.describe("The new SKU, e.g. TEE-BLK-M"),
    title: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("What the product is called"),
    bin: binSchema.default("A-01").describe("Where it is stored, like A-01 (default A-01)"),
    onHand: z.number().int("must be a whole number").min(0, "must be 0 or more").max(1_000_000, "must be at most 1,000,000").default(0).describe("Units counted in the bin"),
    lowStockThreshold: z.number().int("must be a whole number").min(0, "must be 0 or more").max(1_000_000, "must be at most 1,000,000").default(5).describe("Show as low stock at or below this many available units"),
  }),
  response: inventoryItemDetailSchema,
});

export const adjustInventory = defineContract({
  id: "adjustInventory",
  method: "POST",
  path: "/web/inventory/:sku/adjustments",
  summary: "Changes a SKU's units on hand in one bin by a signed amount, with a reason; written to the ledger. Stock never goes below zero nor below what open orders reserved (409 with the sentence). A new bin is created when units are added to it.",
  tags: ["inventory"],
  access: "user",
  status: 201,
  idempotent: true,
  params: skuParams,
  body: z.strictObject({
    bin: binSchema.default("A-01").describe("The bin, like A-01 (default A-01)"),
    change: z
      .number()
      .int("must be a whole number")
      .min(-1_000_000, "must be at least -1,000,000")
      .max(1_000_000, "must be at most 1,000,000")
      .refine((n) => n !== 0, "must not be 0")
      .describe("Units to add (positive) or remove (negative)"),
    reason: z.enum(ADJUSTMENT_REASONS).describe("Why: COUNT_CORRECTION, DAMAGED, LOST, FOUND, RECEIVED or OTHER"),
    note: z.string().trim().max(500, "must be at most 500 characters").optional().describe("Optional: more detail for the team"),
  }),
  response: inventoryItemDetailSchema,
});

export const updateInventoryItem = defineContract({
  id: "updateInventoryItem",
  method: "PATCH",
  path: "/web/inventory/:sku",
  summary: "Renames a SKU or changes its low-stock threshold.",
  tags: ["inventory"],
  access: "user",
  idempotent: true,
  params: skuParams,
  body: z
    .strictObject({
      title: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional().describe("The new name"),
      lowStockThreshold: z.number().int("must be a whole number").min(0, "must be 0 or more").max(1_000_000, "must be at most 1,000,000").optional().describe("The new low-stock threshold"),
    })
    .refine((b) => b.title !== undefined || b.lowStockThreshold !== undefined, { message: "must change the title or the low-stock threshold", path: ["title"] }),
  response: inventoryItemDetailSchema,
});
