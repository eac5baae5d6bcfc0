import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";
import { skuSchema } from "./inventory";

// Pre-sale (issue 17): a store sells a SKU before its stock arrives. The pre-sale is tied to an
// incoming receiving or freight booking, has a cap of units and an expected ship date. An order
// short of the SKU's stock is accepted as a pre-order while the cap allows: it waits on a
// "Pre-sale" hold and is allocated first come, first served when stock is received. Ending a
// pre-sale stops new pre-orders; the waiting ones keep their place and ship when stock arrives.

export const PRESALE_STATUSES = ["ACTIVE", "ENDED"] as const;
export type PresaleStatus = (typeof PRESALE_STATUSES)[number];
export const PRESALE_STATUS_WORDS: Record<PresaleStatus, string> = { ACTIVE: "Taking pre-orders", ENDED: "Ended" };

export const PREORDER_STATUSES = ["WAITING", "ALLOCATED", "CANCELED"] as const;
export type PreorderStatus = (typeof PREORDER_STATUSES)[number];
export const PREORDER_STATUS_WORDS: Record<PreorderStatus, string> = { WAITING: "Waiting for stock", ALLOCATED: "Stock allocated", CANCELED: "Canceled" };

export const PRESALE_SOURCE_KINDS = ["RECEIVING", "FREIGHT"] as const;
export type PresaleSourceKind = (typeof PRESALE_SOURCE_KINDS)[number];

/** The rule name on the holds pre-orders wait on (and on their ledger events). */
export const PRESALE_RULE = "Pre-sale";
/** Days from the shipment's arrival estimate to the default expected ship date: counting in at the dock, then pick and pack. */
export const PRESALE_SHIP_DAYS_AFTER_ARRIVAL = 2;

/** "12 December 2026" for a YYYY-MM-DD date (dates have no time zone: read as UTC). */
export function shipDateWords(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-12-24").refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "must be a real date");

export const presaleSchema = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  status: z.enum(PRESALE_STATUSES),
  /** What the pre-orders wait for: a receiving or a freight booking. */
  source: z.object({
    kind: z.enum(PRESALE_SOURCE_KINDS),
    /** Its number as people say it: RCV-1004, or the booking reference. */
    ref: z.string(),
    /** "receiving RCV-1004" or "freight booking AF-20261127-4821". */
    words: z.string(),
  }),
  cap: z.number().int(),
  /** Units pre-ordered by orders not canceled. */
  sold: z.number().int(),
  /** cap − sold: what can still be pre-ordered (0 once ended). */
  left: z.number().int(),
  /** Pre-orders still waiting for stock, and their units. */
  waitingOrders: z.number().int(),
  waitingUnits: z.number().int(),
  /** YYYY-MM-DD, and the same in words ("12 December 2026"). */
  expectedShipDate: z.string(),
  expectedShipWords: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Presale = z.infer<typeof presaleSchema>;

/** One line of a pre-sale's history, oldest first: who started, changed or ended it, in words. */
export const presaleChangeSchema = z.object({
  at: z.string(),
  /** The teammate's name, or null when unknown (a removed account). */
  by: z.string().nullable(),
  /** "started it: up to 5 units, shipping on 17 January 2031", "raised the cap from 5 to 200 units"… */
  words: z.string(),
});
export type PresaleChange = z.infer<typeof presaleChangeSchema>;

/** One pre-sale as its own screen and get_presale show it: the figures and its history. */
export const presaleDetailSchema = presaleSchema.extend({ history: z.array(presaleChangeSchema) });
export type PresaleDetail = z.infer<typeof presaleDetailSchema>;

export const preorderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  customerName: z.string(),
  quantity: z.number().int(),
  /** 1 for the first order in the queue of this pre-sale. */
  position: z.number().int(),
  status: z.enum(PREORDER_STATUSES),
  placedAt: z.string(),
  allocatedAt: z.string().nullable(),
});
export type Preorder = z.infer<typeof preorderSchema>;

/** An incoming shipment that carries the SKU and can back a pre-sale. */
export const incomingShipmentSchema = z.object({
  kind: z.enum(PRESALE_SOURCE_KINDS),
  ref: z.string(),
  words: z.string(),
  /** Units of the SKU it still brings. */
  units: z.number().int(),
  /** Its arrival estimate (YYYY-MM-DD), or null when the receiving has none. */
  arrivalDate: z.string().nullable(),
  /** The expected ship date a pre-sale on it gets by default, or null without an estimate. */
  defaultShipDate: z.string().nullable(),
});
export type IncomingShipment = z.infer<typeof incomingShipmentSchema>;

const presaleParams = z.strictObject({ id: z.uuid("must be a pre-sale id").describe("The pre-sale's id, from list_presales") });

export const PRESALE_SORTS = ["-createdAt", "createdAt", "expectedShipDate", "-expectedShipDate", "sku"] as const;

export const listPresales = defineContract({
  id: "listPresales",
  method: "GET",
  path: "/web/presales",
  summary: "The store's pre-sales with their cap, units sold and left, waiting orders, expected ship date and the receiving or freight booking they wait for; searched by SKU or name, filtered by status, sorted and paged.",
  tags: ["shipping"],
  access: "user",
  query: z.strictObject({
    search: z.string().trim().max(100, "must be at most 100 characters").optional().describe("Words of the SKU or product name, e.g. blue mug"),
    status: z.enum(PRESALE_STATUSES, "must be ACTIVE or ENDED").optional().describe("ACTIVE (taking pre-orders) or ENDED"),
    sort: z.enum(PRESALE_SORTS).default("-createdAt"),
    ...pageQuery,
  }),
  response: pageOf(presaleSchema).extend({
    /** Over every pre-sale of the store (not only this page): orders and units still waiting for stock. */
    waitingOrders: z.number().int(),
    waitingUnits: z.number().int(),
  }),
});

export const getPresale = defineContract({
  id: "getPresale",
  method: "GET",
  path: "/web/presales/:id",
  summary: "One pre-sale with its cap, units sold and left, what it waits for, and its history (who started it, changed its cap or date, ended it).",
  tags: ["shipping"],
  access: "user",
  params: presaleParams,
  response: presaleDetailSchema,
});

export const listPreorders = defineContract({
  id: "listPreorders",
  method: "GET",
  path: "/web/presales/:id/orders",
  summary: "The pre-sale's orders in queue order (first come, first served): waiting ones by default, or all of them.",
  tags: ["shipping"],
  access: "user",
  params: presaleParams,
  query: z.strictObject({
    status: z.enum(PREORDER_STATUSES, "must be WAITING, ALLOCATED or CANCELED").optional().describe("Only the pre-orders in this state; all when left out"),
    ...pageQuery,
  }),
  response: pageOf(preorderSchema),
});

export const listIncomingShipments = defineContract({
  id: "listIncomingShipments",
  method: "GET",
  path: "/web/presales/-/incoming",
  summary: "The open receivings and freight bookings that bring units of a SKU, with their arrival estimates: the shipments a pre-sale of it can wait for.",
  tags: ["shipping"],
  access: "user",
  query: z.strictObject({ sku: skuSchema.describe("The SKU to put on pre-sale, e.g. MUG-BLUE") }),
  response: z.object({ sku: z.string(), title: z.string(), available: z.number().int(), list: z.array(incomingShipmentSchema) }),
});

export const startPresale = defineContract({
  id: "startPresale",
  method: "POST",
  path: "/web/presales",
  summary: "Puts a SKU on pre-sale, tied to an incoming receiving or freight booking that brings it, with a cap of units. Orders short of its stock are then accepted as pre-orders up to the cap and wait for the shipment; the expected ship date defaults to the shipment's arrival estimate plus two days. One pre-sale per SKU at a time. Nothing is charged.",
  tags: ["shipping"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z
    .strictObject({
      sku: skuSchema.describe("The SKU to sell ahead of its stock, e.g. MUG-BLUE"),
      receivingSn: z.string().trim().regex(/^(rcv-?)?\d{1,9}$/i, "must be a receiving number like RCV-1004").optional().describe("The receiving that brings the stock, e.g. RCV-1004 (give this or freightReference)"),
      freightReference: z.string().trim().min(3, "must be a booking reference like AF-20261127-4821").max(40, "must be at most 40 characters").optional().describe("The freight booking that brings the stock (give this or receivingSn)"),
      cap: z.number("must be a number of units").int("must be a whole number of units").min(1, "must be at least 1 unit").max(1_000_000, "must be at most 1,000,000 units").describe("The most units that may be pre-ordered"),
      expectedShipDate: isoDate.optional().describe("YYYY-MM-DD when pre-orders are expected to ship; defaults to the shipment's arrival estimate plus two days"),
    })
    .superRefine((b, ctx) => {
      if (!b.receivingSn && !b.freightReference) ctx.addIssue({ code: "custom", message: "must name the incoming shipment: a receiving number or a freight booking reference", path: ["receivingSn"] });
      if (b.receivingSn && b.freightReference) ctx.addIssue({ code: "custom", message: "must name one shipment only, not also a freight booking", path: ["freightReference"] });
    }),
  response: presaleSchema,
});

export const endPresale = defineContract({
  id: "endPresale",
  method: "POST",
  path: "/web/presales/:id/end",
  summary: "Ends a pre-sale: no new pre-orders are taken (orders short of stock wait on the usual out-of-stock hold again). Orders already waiting keep their place and are allocated when the stock is received; the answer says how many wait, and the owner can cancel any of them from Orders. Ending an ended pre-sale is 409.",
  tags: ["shipping"],
  access: "user",
  idempotent: true,
  params: presaleParams,
  body: z.strictObject({}),
  response: z.object({
    presale: presaleSchema,
    /** What happens to the waiting orders, as a sentence. */
    message: z.string(),
  }),
});

export const updatePresale = defineContract({
  id: "updatePresale",
  method: "PATCH",
  path: "/web/presales/:id",
  summary: "Changes a pre-sale's cap or expected ship date (or both). The cap can't go below the units already pre-ordered (409 saying how many), and an ended pre-sale's cap can't change. A new date is written into the holds of the orders still waiting, so each order says when it is expected to ship. Both land in the pre-sale's history. Nothing is charged and nobody is contacted.",
  tags: ["shipping"],
  access: "user",
  idempotent: true,
  params: presaleParams,
  body: z
    .strictObject({
      cap: z.number("must be a number of units").int("must be a whole number of units").min(1, "must be at least 1 unit").max(1_000_000, "must be at most 1,000,000 units").optional().describe("The new most units that may be pre-ordered"),
      expectedShipDate: isoDate.optional().describe("The new YYYY-MM-DD when pre-orders are expected to ship, today or later"),
    })
    .refine((b) => b.cap !== undefined || b.expectedShipDate !== undefined, { message: "must give a new cap or a new expected ship date", path: ["cap"] }),
  response: z.object({
    presale: presaleDetailSchema,
    /** What changed, and what it means for the waiting orders, as sentences. */
    message: z.string(),
  }),
});
