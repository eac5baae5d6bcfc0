import { z } from "zod";
import { defineContract } from "./contract";
import { binSchema, skuSchema } from "./inventory";

// Kits and bundles (000 §3 bundle mappings, issue 17): a kit is a SKU of the inventory made of
// other SKUs with quantities ("a gift set is 1 mug and 2 coasters"). It sells like any SKU: an
// order takes kits assembled ahead first, then reserves the components of the rest, and shipping
// consumes them. A kitting work order has the fulfilment center assemble kits ahead, for a fee
// per kit charged to the store's card once the person saw the amount.

/** What the fulfilment center charges to assemble one kit (our choice, recorded in docs/decisions.md). */
export const KITTING_FEE_PER_KIT_CENTS = 75;
/** 000 §9: bundle mappings are listed 1000 at a time. */
export const KIT_PAGE_SIZE = 1000;
export const MAX_KIT_COMPONENTS = 50;

export function kittingFeeCents(kits: number): number {
  return kits * KITTING_FEE_PER_KIT_CENTS;
}

export const KITTING_ORDER_STATUSES = ["REQUESTED", "ASSEMBLED"] as const;
export const KITTING_ORDER_STATUS_WORDS: Record<(typeof KITTING_ORDER_STATUSES)[number], string> = {
  REQUESTED: "Waiting for the fulfilment center",
  ASSEMBLED: "Assembled",
};

export const kitComponentSchema = z.object({
  sku: z.string(),
  title: z.string(),
  /** Units of this SKU in one kit. */
  quantity: z.number().int(),
  /** Units of this SKU available (on hand − reserved) across its bins. */
  available: z.number().int(),
  /** Kits its stock alone would make: floor(available ÷ quantity). */
  kitsFromStock: z.number().int(),
});

export const kitSchema = z.object({
  sku: z.string(),
  title: z.string(),
  components: z.array(kitComponentSchema),
  /** Kits assembled ahead and not reserved by an order. */
  assembled: z.number().int(),
  /** Kits the components' stock could still make: the minimum of kitsFromStock. */
  makeable: z.number().int(),
  /** What the store can sell now: assembled + makeable. */
  available: z.number().int(),
  /** The component that limits makeable (the first of the lowest), or null for a kit with none short. */
  limitedBy: z.string().nullable(),
});
export type Kit = z.infer<typeof kitSchema>;

export const kittingOrderSchema = z.object({
  id: z.string(),
  kits: z.number().int(),
  bin: z.string(),
  feeCents: z.number().int(),
  status: z.enum(KITTING_ORDER_STATUSES),
  createdAt: z.string(),
  assembledAt: z.string().nullable(),
});
export type KittingOrder = z.infer<typeof kittingOrderSchema>;

export const kitDetailSchema = kitSchema.extend({
  /** Kitting work orders, newest first (the latest 20). */
  workOrders: z.array(kittingOrderSchema),
});
export type KitDetail = z.infer<typeof kitDetailSchema>;

const componentInput = z.strictObject({
  sku: skuSchema.describe("A SKU of the inventory that goes into the kit"),
  quantity: z.number("must be a number").int("must be a whole number").min(1, "must be at least 1").max(1000, "must be at most 1,000").describe("Units of it in one kit"),
});
const componentsInput = z
  .array(componentInput, "must be a list of SKUs with quantities")
  .min(1, "must name at least one SKU")
  .max(MAX_KIT_COMPONENTS, `must name at most ${MAX_KIT_COMPONENTS} SKUs`)
  .refine((list) => new Set(list.map((c) => c.sku.toLowerCase())).size === list.length, "must name each SKU once")
  .describe("What one kit holds: [{ sku, quantity }]");
const titleInput = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
const kitParams = z.strictObject({ sku: skuSchema.describe("The kit's SKU, e.g. GIFT-SET") });

export const listKits = defineContract({
  id: "listKits",
  method: "GET",
  path: "/web/kits",
  summary: "The store's kits (bundle mappings) with their components and how many can be sold now (assembled ahead plus what the components make), searched by SKU or name, 1000 per page.",
  tags: ["inventory"],
  access: "user",
  query: z.strictObject({
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(KIT_PAGE_SIZE).default(KIT_PAGE_SIZE),
  }),
  response: z.object({ list: z.array(kitSchema), total: z.number().int(), page: z.number().int(), size: z.number().int() }),
});

export const getKit = defineContract({
  id: "getKit",
  method: "GET",
  path: "/web/kits/:sku",
  summary: "One kit with its components, what can be sold now and its kitting work orders.",
  tags: ["inventory"],
  access: "user",
  params: kitParams,
  response: kitDetailSchema,
});

export const createKit = defineContract({
  id: "createKit",
  method: "POST",
  path: "/web/kits",
  summary: "Makes a new kit SKU of SKUs the store stocks, with the units of each in one kit. The kit becomes a SKU of the inventory that orders can sell. A SKU already in the inventory is 409.",
  tags: ["inventory"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    sku: skuSchema.describe("The kit's new SKU, e.g. GIFT-SET"),
    title: titleInput.describe("What the kit is called, e.g. Gift set"),
    components: componentsInput,
  }),
  response: kitDetailSchema,
});

export const updateKit = defineContract({
  id: "updateKit",
  method: "PUT",
  path: "/web/kits/:sku",
  summary: "Renames a kit or changes what it holds. Its components can't change while a kitting work order waits for the center (409).",
  tags: ["inventory"],
  access: "user",
  idempotent: true,
  params: kitParams,
  body: z.strictObject({
    title: titleInput.describe("The kit's name"),
    components: componentsInput,
  }),
  response: kitDetailSchema,
});

export const assembleKits = defineContract({
  id: "assembleKits",
  method: "POST",
  path: "/web/kits/:sku/assemblies",
  summary: `Asks the fulfilment center to assemble kits ahead: their components are held at once and moved into the kit's bin by the center; the kitting fee ($${(KITTING_FEE_PER_KIT_CENTS / 100).toFixed(2)} per kit) is charged to the store's card. The body names the fee the person confirmed. More kits than the components make is 409.`,
  tags: ["inventory"],
  access: "user",
  status: 201,
  idempotent: true,
  params: kitParams,
  body: z.strictObject({
    kits: z.number("must be a number").int("must be a whole number").min(1, "must be at least 1").max(10_000, "must be at most 10,000").describe("How many kits to assemble"),
    bin: binSchema.default("A-01").describe("Where the assembled kits go, like A-01 (default A-01)"),
    expectedFeeCents: z
      .number("must be the fee in cents")
      .int("must be a whole number of cents")
      .min(0, "must be 0 or more")
      .describe(`The kitting fee the person confirmed, in cents (${KITTING_FEE_PER_KIT_CENTS} per kit); a different fee is refused so nobody pays what they did not see`),
  }),
  response: kitDetailSchema,
});
