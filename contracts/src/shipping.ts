import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";

// Shipping labels and rates (001 §3 "Shipping label", 001 §7 /web/standalone-label quote, create,
// list): addresses, a parcel in lb and in by default, rates from every configured carrier, labels
// bought through the payments ledger, voided with a refund, and tracked over time.

/** 001 §3 defaults. */
export const DEFAULT_COUNTRY = "United States of America";
export const DEFAULT_COUNTRY_CODE = "US";
/** Where the store's stock ships from: the fulfilment center, the sender a new label starts with. */
export const FULFILMENT_CENTER_ADDRESS = { name: "Atelier Fulfilment Center", addressLine1: "500 Howard St", city: "San Francisco", state: "California", stateCode: "CA", zipCode: "94105", countryCode: "US" } as const;
export const MASS_UNITS = ["lb", "oz", "kg", "g"] as const;
export const DISTANCE_UNITS = ["in", "cm"] as const;
export type MassUnit = (typeof MASS_UNITS)[number];
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** The local carrier's services; hosted carriers bring their own names. */
export const SERVICE_CODES = ["GROUND", "TWO_DAY", "OVERNIGHT", "INTERNATIONAL"] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];
export const SERVICE_NAMES: Record<ServiceCode, string> = { GROUND: "Ground", TWO_DAY: "Two-day", OVERNIGHT: "Overnight", INTERNATIONAL: "International" };

export const LABEL_STATUSES = ["PURCHASED", "IN_TRANSIT", "DELIVERED", "VOIDED"] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];
export const TRACKING_STAGES = ["LABEL_CREATED", "ACCEPTED", "IN_TRANSIT", "OUT_FOR_DELIVERY", "DELIVERED"] as const;
export type TrackingStage = (typeof TRACKING_STAGES)[number];
export const LABEL_FORMATS = ["pdf-4x6", "pdf-letter", "zpl"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** 000 §5 / 001 §9: grams to pounds, ÷ 453.59237, 2 decimals. */
export function gramsToPounds(grams: number): number {
  return Math.round((grams / 453.59237) * 100) / 100;
}

/** Any supported mass in pounds (not rounded: the rate engine rounds billed weight up itself). */
export function toPounds(value: number, unit: MassUnit): number {
  if (unit === "lb") return value;
  if (unit === "oz") return value / 16;
  if (unit === "kg") return (value * 1000) / 453.59237;
  return value / 453.59237;
}

export function toInches(value: number, unit: DistanceUnit): number {
  return unit === "in" ? value : value / 2.54;
}

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, "must not be empty");

/** 001 §3: an address of a shipping label. */
export const labelAddressSchema = z.strictObject({
  name: required(100).describe("The person or business the parcel is addressed to"),
  email: z.union([z.literal(""), z.email("must be an email address like name@example.com")]).default("").describe("Email for delivery notices (optional)"),
  addressLine1: required(120).describe("Street and number"),
  addressLine2: text(120).default("").describe("Apartment, suite or floor (optional)"),
  city: required(80).describe("City"),
  state: text(80).default("").describe("State or province name (optional when stateCode is given)"),
  stateCode: text(10).default("").describe("Two-letter state code, e.g. CA (required in the United States)"),
  zipCode: required(16).describe("ZIP or postal code"),
  phone: text(32).default("").describe("Phone number, any format; stored in E.164 (optional)"),
  country: text(80).default(DEFAULT_COUNTRY).describe("Country name (default United States of America)"),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code like US")
    .transform((v) => v.toUpperCase())
    .default(DEFAULT_COUNTRY_CODE)
    .describe("Two-letter country code (default US)"),
});
export type LabelAddress = z.infer<typeof labelAddressSchema>;
export type LabelAddressInput = z.input<typeof labelAddressSchema>;

const positive = (what: string, max: number) => z.number(`must be a number of ${what}`).positive("must be more than 0").max(max, `must be at most ${max}`);

/** 001 §3: the parcel; mass_unit lb and distance_unit in by default. */
export const parcelSchema = z.strictObject({
  weight: positive("the mass unit", 100_000).describe("The parcel's weight in mass_unit"),
  mass_unit: z.enum(MASS_UNITS).default("lb").describe("lb (default), oz, kg or g"),
  length: positive("the distance unit", 1000).describe("Longest side in distance_unit"),
  width: positive("the distance unit", 1000).describe("Width in distance_unit"),
  height: positive("the distance unit", 1000).describe("Height in distance_unit"),
  distance_unit: z.enum(DISTANCE_UNITS).default("in").describe("in (default) or cm"),
});
export type Parcel = z.infer<typeof parcelSchema>;

/** One customs line: required for international shipments (HS code and country of origin from the tariff data). */
export const customsItemSchema = z.strictObject({
  description: required(120).describe("What the goods are, e.g. Cotton t-shirts"),
  hsCode: z.string().trim().regex(/^\d{4}(\.?\d{2}){0,3}$/, "must be an HS code like 6109.10 or 6109.10.00").describe("Harmonized System code, e.g. 6109.10.00"),
  originCountryCode: z.string().trim().regex(/^[A-Za-z]{2}$/, "must be a two-letter country code like CN").transform((v) => v.toUpperCase()).describe("Where the goods were made, two letters, e.g. CN"),
  quantity: z.number().int("must be a whole number").min(1, "must be 1 or more").max(100_000, "must be at most 100,000").describe("Units"),
  valueCents: z.number().int("must be a whole number of cents").min(0, "must be 0 or more").max(100_000_000, "must be at most 1,000,000 dollars").describe("Declared value of all units, in US cents"),
});
export type CustomsItem = z.infer<typeof customsItemSchema>;

const shipmentFields = {
  fromAddress: labelAddressSchema.describe("Where the parcel ships from"),
  toAddress: labelAddressSchema.describe("Where the parcel goes"),
  parcel: parcelSchema,
  notes: text(500).default("").describe("Notes printed on the label (optional)"),
  customs: z.array(customsItemSchema).max(50, "must list at most 50 items").default([]).describe("Customs lines, needed when the parcel leaves the country"),
  /** SKU whose stored weight the preflight compares with the declared one. */
  sku: z.string().trim().max(64, "must be at most 64 characters").optional().describe("The SKU in the parcel, to compare its known weight (optional)"),
  orderNumber: z.number().int("must be a whole number").positive("must be more than 0").optional().describe("The store order this label ships, so a second label for it is refused (optional)"),
};

export const surchargeSchema = z.object({ name: z.string(), amountCents: z.number().int() });

/** One rate: a service of a carrier with its price and its promise. */
export const rateSchema = z.object({
  carrier: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  priceCents: z.number().int(),
  estimatedDays: z.number().int(),
  /** ISO date (YYYY-MM-DD), counting business days from today. */
  deliveryDate: z.string(),
  zone: z.string(),
  billedWeightLb: z.number(),
  surcharges: z.array(surchargeSchema),
});
export type Rate = z.infer<typeof rateSchema>;

export const CHECK_LEVELS = ["ERROR", "WARNING"] as const;
/** A preflight finding, as a sentence; ERROR blocks buying. */
export const preflightCheckSchema = z.object({ level: z.enum(CHECK_LEVELS), field: z.string(), message: z.string() });
export type PreflightCheck = z.infer<typeof preflightCheckSchema>;

export const carrierMessageSchema = z.object({ carrier: z.string(), message: z.string() });

/** 001 §7 /web/standalone-label quote. */
export const quoteShippingLabel = defineContract({
  id: "quoteShippingLabel",
  method: "POST",
  path: "/web/standalone-label/quote",
  summary: "Rates for a parcel from every carrier: each service with its price, estimated days and delivery date; a carrier that fails is a message, never the whole quote. Also the preflight checks (address, weight, dimensional weight, customs).",
  tags: ["shipping"],
  access: "user",
  previewAllowed: true,
  body: z.strictObject(shipmentFields),
  response: z.object({
    rates: z.array(rateSchema),
    messages: z.array(carrierMessageSchema),
    checks: z.array(preflightCheckSchema),
    actualWeightLb: z.number(),
    dimensionalWeightLb: z.number(),
  }),
});

export const trackingEventSchema = z.object({ stage: z.enum(TRACKING_STAGES), message: z.string(), location: z.string(), occurredAt: z.string() });
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

export const shippingLabelSchema = z.object({
  id: z.string(),
  status: z.enum(LABEL_STATUSES),
  carrier: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  trackingNumber: z.string(),
  priceCents: z.number().int(),
  refundedCents: z.number().int(),
  estimatedDays: z.number().int(),
  deliveryDate: z.string(),
  zone: z.string(),
  billedWeightLb: z.number(),
  isReturn: z.boolean(),
  returnOfId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  fromAddress: labelAddressSchema,
  toAddress: labelAddressSchema,
  parcel: parcelSchema,
  notes: z.string(),
  customs: z.array(customsItemSchema),
  surcharges: z.array(surchargeSchema),
  chargeId: z.string(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
});
export type ShippingLabel = z.infer<typeof shippingLabelSchema>;

export const shippingLabelDetailSchema = shippingLabelSchema.extend({ events: z.array(trackingEventSchema) });
export type ShippingLabelDetail = z.infer<typeof shippingLabelDetailSchema>;

/** 001 §7 /web/standalone-label create: buys the label. */
export const createShippingLabel = defineContract({
  id: "createShippingLabel",
  method: "POST",
  path: "/web/standalone-label",
  summary: "Buys a label for one service of the quote and charges the store's card through the payments ledger; the preflight must pass (address, customs, no second label for the same order). Idempotent: a retry with the same Idempotency-Key returns the same label and charges once.",
  tags: ["shipping"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    ...shipmentFields,
    serviceCode: z.string().trim().min(1, "must not be empty").max(40, "must be at most 40 characters").describe("The service to buy, from the quote, e.g. GROUND"),
    carrier: z.string().trim().max(60, "must be at most 60 characters").optional().describe("The carrier of that service (default: the built-in carrier)"),
    expectedPriceCents: z.number().int("must be a whole number of cents").min(0, "must be 0 or more").optional().describe("The price the person confirmed; a different price now is refused so nobody pays what they did not see"),
  }),
  response: shippingLabelDetailSchema,
});

export const LABEL_SORTS = ["-createdAt", "createdAt", "-priceCents", "priceCents"] as const;

/** 001 §7 /web/standalone-label list: label history. */
export const listShippingLabels = defineContract({
  id: "listShippingLabels",
  method: "GET",
  path: "/web/standalone-label",
  summary: "The store's label history, newest first: searched by tracking number, recipient name, city or ZIP, filtered by status, sorted and paged.",
  tags: ["shipping"],
  access: "user",
  query: z.strictObject({
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    status: z.enum(LABEL_STATUSES).optional(),
    sort: z.enum(LABEL_SORTS).default("-createdAt"),
    ...pageQuery,
  }),
  response: pageOf(shippingLabelSchema),
});

const labelParams = z.strictObject({ id: z.uuid("must be a label id").describe("The label's id") });

export const getShippingLabel = defineContract({
  id: "getShippingLabel",
  method: "GET",
  path: "/web/standalone-label/:id",
  summary: "One label with its tracking events, newest last.",
  tags: ["shipping"],
  access: "user",
  params: labelParams,
  response: shippingLabelDetailSchema,
});

export const voidShippingLabel = defineContract({
  id: "voidShippingLabel",
  method: "POST",
  path: "/web/standalone-label/:id/void",
  summary: "Voids a label the carrier has not accepted yet and refunds its price to the card through the payments ledger; a label already in transit or voided is 409.",
  tags: ["shipping"],
  access: "user",
  idempotent: true,
  params: labelParams,
  response: shippingLabelDetailSchema,
});

export const createReturnLabel = defineContract({
  id: "createReturnLabel",
  method: "POST",
  path: "/web/standalone-label/:id/return",
  summary: "Buys a return label for a label: the same parcel and service with the addresses swapped, charged through the payments ledger.",
  tags: ["shipping"],
  access: "user",
  status: 201,
  idempotent: true,
  params: labelParams,
  body: z.strictObject({
    expectedPriceCents: z.number().int("must be a whole number of cents").min(0, "must be 0 or more").optional().describe("The price the person confirmed"),
  }),
  response: shippingLabelDetailSchema,
});

export const addressSuggestionSchema = z.object({ field: z.string(), value: z.string(), message: z.string() });

/** 000 §7 commons address validation. */
export const validateAddress = defineContract({
  id: "validateAddress",
  method: "POST",
  path: "/commons/address-validation",
  summary: "Checks an address offline: the country, the postcode's format for that country, US state codes; returns it normalised (upper-case codes, ZIP+4, phone in E.164), the problems as sentences and suggestions.",
  tags: ["shipping"],
  access: "user",
  previewAllowed: true,
  body: z.strictObject({ address: labelAddressSchema }),
  response: z.object({
    valid: z.boolean(),
    normalized: labelAddressSchema,
    problems: z.array(z.object({ field: z.string(), message: z.string() })),
    suggestions: z.array(addressSuggestionSchema),
  }),
});

export const LABEL_BATCH_JOB = "shipping.labelBatch";
export const LABEL_BATCH_MAX = 500;

/** Many labels merged into one document, rendered by a background job with progress. */
export const createLabelBatch = defineContract({
  id: "createLabelBatch",
  method: "POST",
  path: "/web/standalone-label/-/batches",
  summary: "Starts a background job that merges labels into one document (PDF 4×6, PDF letter or ZPL), reporting progress; follow it at GET /web/jobs/{jobId} and download it from /web/standalone-label/-/batches/{jobId}/document when it completes. Voided labels are refused.",
  tags: ["shipping"],
  access: "user",
  status: 202,
  idempotent: true,
  previewAllowed: true,
  noToolReason: "Printing is done at the printer: the batch document downloads in the browser from the label history screen.",
  body: z.strictObject({
    labelIds: z.array(z.uuid("must be label ids")).min(1, "must name at least one label").max(LABEL_BATCH_MAX, `must name at most ${LABEL_BATCH_MAX} labels`).describe("The labels to print"),
    format: z.enum(LABEL_FORMATS).default("pdf-4x6").describe("pdf-4x6 (default), pdf-letter or zpl"),
  }),
  response: z.object({ jobId: z.string(), labelCount: z.number().int() }),
});

// Labels for many store orders at once (ShipStation's batch shipping): each selected order's
// shipping address, one box size and one service; quoted first with each order's price or the
// reason it can't ship, then bought after the person confirmed the total, and merged into one
// document by the batch job above. Packing slips and a pick list (sorted by bin) for the same
// selection print from the same screen.

export const ORDER_LABEL_MAX = 100;

const orderNumbersField = z
  .array(z.number("must be order numbers").int("must be whole order numbers").positive("must be order numbers above 0"))
  .min(1, "must name at least one order")
  .max(ORDER_LABEL_MAX, `must name at most ${ORDER_LABEL_MAX} orders`)
  .describe("The store's order numbers, e.g. [1001, 1002]");

const orderLabelFields = {
  orderNumbers: orderNumbersField,
  parcel: parcelSchema.describe("The box every order ships in"),
  serviceCode: z.string().trim().min(1, "must not be empty").max(40, "must be at most 40 characters").default("GROUND").describe("GROUND (default), TWO_DAY or OVERNIGHT"),
  carrier: z.string().trim().max(60, "must be at most 60 characters").optional().describe("The carrier (default: the built-in carrier)"),
};

export const orderLabelLineSchema = z.object({
  orderNumber: z.number().int(),
  recipient: z.string(),
  /** City and state or country, e.g. "Oakland, CA". */
  place: z.string(),
  priceCents: z.number().int().nullable(),
  /** Why this order can't get a label now (no address, a label already, the carrier refused), as a sentence. */
  problem: z.string().nullable(),
});
export type OrderLabelLine = z.infer<typeof orderLabelLineSchema>;

export const quoteOrderLabels = defineContract({
  id: "quoteOrderLabels",
  method: "POST",
  path: "/web/standalone-label/-/order-labels/quote",
  summary: "Prices one label per selected order (from the fulfilment center to the order's shipping address, one box and service for all): each order's price or the sentence saying why it can't ship, and the total of those that can. Nothing is bought. An order number the store does not have is 404.",
  tags: ["shipping"],
  access: "user",
  previewAllowed: true,
  body: z.strictObject(orderLabelFields),
  response: z.object({ carrier: z.string(), serviceName: z.string(), lines: z.array(orderLabelLineSchema), readyCount: z.number().int(), totalCents: z.number().int() }),
});

export const createOrderLabels = defineContract({
  id: "createOrderLabels",
  method: "POST",
  path: "/web/standalone-label/-/order-labels",
  summary: "Buys one label per selected order that can ship (each charged through the payments ledger) after the person confirmed the quote's total, then starts the batch job merging them into one document; follow it at GET /web/jobs/{jobId} and download it from /web/standalone-label/-/batches/{jobId}/document. Orders that can't ship are listed with the reason and not charged. Idempotent.",
  tags: ["shipping"],
  access: "user",
  status: 202,
  idempotent: true,
  body: z.strictObject({
    ...orderLabelFields,
    format: z.enum(LABEL_FORMATS).default("pdf-4x6").describe("pdf-4x6 (default), pdf-letter or zpl"),
    expectedTotalCents: z.number("must be a number of cents").int("must be a whole number of cents").min(0, "must be 0 or more").describe("The total the person confirmed; a different total now is refused so nobody pays what they did not see"),
  }),
  response: z.object({
    jobId: z.string().nullable(),
    labels: z.array(z.object({ orderNumber: z.number().int(), labelId: z.string(), trackingNumber: z.string(), priceCents: z.number().int() })),
    failed: z.array(z.object({ orderNumber: z.number().int(), message: z.string() })),
    totalCents: z.number().int(),
  }),
});

/** "1001,1002": order numbers in a query string. */
export const orderNumbersQuery = z
  .string()
  .trim()
  .regex(/^\d{1,9}(,\d{1,9})*$/, "must be order numbers separated by commas, like 1001,1002")
  .transform((v) => [...new Set(v.split(",").map(Number))])
  .refine((v) => v.length <= ORDER_LABEL_MAX, `must name at most ${ORDER_LABEL_MAX} orders`)
  .describe("Order numbers separated by commas, e.g. 1001,1002");

export const pickListLineSchema = z.object({
  /** The bin to walk to; "" when the units are not reserved in a bin (picked from wherever they are). */
  bin: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  orderNumbers: z.array(z.number().int()),
});
export type PickListLine = z.infer<typeof pickListLineSchema>;

export const getPickList = defineContract({
  id: "getPickList",
  method: "GET",
  path: "/web/standalone-label/-/pick-list",
  summary: "What to pick for the selected orders, one line per bin and SKU in walking order (by bin, then SKU), with the units still to ship and the orders they go to. Print it as PDF from /web/standalone-label/-/pick-list/document?orders=…; packing slips from /web/standalone-label/-/packing-slips/document?orders=…. An order number the store does not have is 404.",
  tags: ["shipping"],
  access: "user",
  previewAllowed: true,
  query: z.strictObject({ orders: orderNumbersQuery }),
  response: z.object({ lines: z.array(pickListLineSchema), orderCount: z.number().int(), unitCount: z.number().int() }),
});


// Quality checks live beside, in quality-control.ts; they are shipping contracts (issue 17).
export * from "./quality-control";
// Freight booking (quotes by air, LCL and FCL, bookings with their timeline) lives in freight.ts.
export * from "./freight";
