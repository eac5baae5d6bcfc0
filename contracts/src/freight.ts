import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";
import { skuSchema } from "./inventory";

// Freight booking (000 §2.2 /fulfillment-services/book-freight-shipment, issue 17): quotes for air,
// LCL and FCL from an origin port or city to the fulfilment center, the duty of the declared goods
// from the tariff data, a booking charged through the payments ledger, and its timeline from
// booked to delivered, when it becomes an inbound receiving with the goods as expected lines.

/**
 * Origins the local freight model prices, by UN/LOCODE, with indicative 2025 rates to the US West
 * Coast (Oakland, the fulfilment center's port): air per chargeable kg, LCL per revenue ton, FCL
 * per 20' and 40' container, in US cents, and port-to-door transit days. docs/decisions.md
 * "Freight rate model" says where the figures come from.
 */
export const FREIGHT_ORIGINS = [
  { code: "CNSZX", name: "Shenzhen", country: "China", countryCode: "CN", airPerKgCents: 550, lclPerCbmCents: 8500, fcl20Cents: 240000, fcl40Cents: 300000, airDays: 5, seaDays: 22 },
  { code: "CNSHA", name: "Shanghai", country: "China", countryCode: "CN", airPerKgCents: 520, lclPerCbmCents: 8000, fcl20Cents: 230000, fcl40Cents: 290000, airDays: 5, seaDays: 20 },
  { code: "CNNGB", name: "Ningbo", country: "China", countryCode: "CN", airPerKgCents: 530, lclPerCbmCents: 8000, fcl20Cents: 235000, fcl40Cents: 295000, airDays: 5, seaDays: 21 },
  { code: "CNCAN", name: "Guangzhou", country: "China", countryCode: "CN", airPerKgCents: 550, lclPerCbmCents: 8500, fcl20Cents: 245000, fcl40Cents: 305000, airDays: 5, seaDays: 23 },
  { code: "HKHKG", name: "Hong Kong", country: "Hong Kong", countryCode: "HK", airPerKgCents: 480, lclPerCbmCents: 9000, fcl20Cents: 250000, fcl40Cents: 310000, airDays: 4, seaDays: 21 },
  { code: "VNSGN", name: "Ho Chi Minh City", country: "Vietnam", countryCode: "VN", airPerKgCents: 600, lclPerCbmCents: 9500, fcl20Cents: 260000, fcl40Cents: 330000, airDays: 6, seaDays: 26 },
  { code: "VNHPH", name: "Haiphong", country: "Vietnam", countryCode: "VN", airPerKgCents: 620, lclPerCbmCents: 9500, fcl20Cents: 265000, fcl40Cents: 335000, airDays: 6, seaDays: 27 },
  { code: "INNSA", name: "Nhava Sheva (Mumbai)", country: "India", countryCode: "IN", airPerKgCents: 650, lclPerCbmCents: 11000, fcl20Cents: 320000, fcl40Cents: 410000, airDays: 6, seaDays: 35 },
  { code: "BDCGP", name: "Chittagong", country: "Bangladesh", countryCode: "BD", airPerKgCents: 700, lclPerCbmCents: 12000, fcl20Cents: 350000, fcl40Cents: 450000, airDays: 7, seaDays: 40 },
  { code: "TRIST", name: "Istanbul", country: "Türkiye", countryCode: "TR", airPerKgCents: 450, lclPerCbmCents: 11500, fcl20Cents: 380000, fcl40Cents: 480000, airDays: 5, seaDays: 38 },
  { code: "PTLEI", name: "Leixões (Porto)", country: "Portugal", countryCode: "PT", airPerKgCents: 420, lclPerCbmCents: 11000, fcl20Cents: 360000, fcl40Cents: 460000, airDays: 4, seaDays: 34 },
  { code: "ITGOA", name: "Genoa", country: "Italy", countryCode: "IT", airPerKgCents: 430, lclPerCbmCents: 11000, fcl20Cents: 370000, fcl40Cents: 470000, airDays: 4, seaDays: 33 },
  { code: "MXZLO", name: "Manzanillo", country: "Mexico", countryCode: "MX", airPerKgCents: 300, lclPerCbmCents: 7000, fcl20Cents: 180000, fcl40Cents: 230000, airDays: 3, seaDays: 9 },
] as const;
export type FreightOrigin = (typeof FREIGHT_ORIGINS)[number];
export type FreightOriginCode = FreightOrigin["code"];
export const FREIGHT_ORIGIN_CODES = FREIGHT_ORIGINS.map((o) => o.code) as [FreightOriginCode, ...FreightOriginCode[]];

/** Where freight lands: the port of the fulfilment center (San Francisco Bay). */
export const FREIGHT_DESTINATION = { code: "USOAK", name: "Oakland", place: "the fulfilment center in San Francisco" } as const;

export const FREIGHT_MODES = ["AIR", "LCL", "FCL"] as const;
export type FreightMode = (typeof FREIGHT_MODES)[number];
/** How a person says each mode. */
export const FREIGHT_MODE_WORDS: Record<FreightMode, string> = { AIR: "Air freight", LCL: "Sea, shared container (LCL)", FCL: "Sea, full container (FCL)" };

/** Air: the volume divisor (cm³ per kg) of the chargeable weight, and the minimum charge. */
export const AIR_VOLUME_DIVISOR = 6000;
export const AIR_MINIMUM_CENTS = 15000;
/** LCL is billed per revenue ton (the larger of CBM and metric tons), at least this many. */
export const LCL_MINIMUM_CBM = 1;
/** Usable capacity of a container: cubic metres and payload kilograms. */
export const CONTAINERS = { "20'": { cbm: 28, kg: 21700 }, "40'": { cbm: 58, kg: 26500 } } as const;
export type ContainerSize = keyof typeof CONTAINERS;

export const FREIGHT_STATUSES = ["BOOKED", "PICKED_UP", "DEPARTED", "ARRIVED", "CUSTOMS_CLEARED", "DELIVERED"] as const;
export type FreightStatus = (typeof FREIGHT_STATUSES)[number];
export const FREIGHT_STATUS_WORDS: Record<FreightStatus, string> = {
  BOOKED: "Booked",
  PICKED_UP: "Picked up",
  DEPARTED: "Departed",
  ARRIVED: "Arrived",
  CUSTOMS_CLEARED: "Customs cleared",
  DELIVERED: "Delivered",
};

export const freightGoodsLineSchema = z.strictObject({
  sku: skuSchema.describe("The SKU these goods are stocked as, e.g. MUG-BLUE; it becomes a line of the receiving"),
  description: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("What the goods are, e.g. Ceramic mugs"),
  hsCode: z.string().trim().regex(/^\d{4}(\.?\d{2}){0,3}$/, "must be an HS code like 6912.00 or 6912.00.48").describe("Harmonized System code, e.g. 6912.00.48"),
  units: z.number("must be a number of units").int("must be a whole number").min(1, "must be 1 or more").max(1_000_000, "must be at most 1,000,000").describe("Units of this SKU"),
  valueCents: z.number("must be a number of cents").int("must be a whole number of cents").min(0, "must be 0 or more").max(1_000_000_000, "must be at most 10,000,000 dollars").describe("Declared customs value of all these units, in US cents"),
});
export type FreightGoodsLine = z.infer<typeof freightGoodsLineSchema>;

const cargoFields = {
  origin: z.enum(FREIGHT_ORIGIN_CODES, `must be one of the origins: ${FREIGHT_ORIGIN_CODES.join(", ")}`).describe(`Origin port or city by UN/LOCODE: ${FREIGHT_ORIGINS.map((o) => `${o.code} ${o.name}`).join(", ")}`),
  cartons: z.number("must be a number of cartons").int("must be a whole number").min(1, "must be 1 or more").max(1000, "must be at most 1,000").describe("How many cartons (they become the receiving's boxes)"),
  weightKg: z.number("must be a number of kilograms").positive("must be more than 0").max(200_000, "must be at most 200,000 kg").describe("Gross weight of all cartons, in kg"),
  volumeCbm: z.number("must be a number of cubic metres").positive("must be more than 0").max(1_000, "must be at most 1,000 cubic metres").describe("Volume of all cartons, in cubic metres (CBM)"),
};
const goodsList = z.array(freightGoodsLineSchema).max(50, "must list at most 50 kinds of goods");
/** One line per SKU: the receiving the freight becomes has one line per SKU. */
function oneLinePerSku(b: { goods: FreightGoodsLine[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  b.goods.forEach((g, i) => {
    const k = g.sku.toLowerCase();
    if (seen.has(k)) ctx.addIssue({ code: "custom", message: "appears twice; put all its units on one line", path: ["goods", i, "sku"] });
    seen.add(k);
  });
}
const cargoSchema = z
  .strictObject({ ...cargoFields, goods: goodsList.default([]).describe("What is in the cartons, one line per SKU (optional for a quote: the duty is estimated for the lines given)") })
  .superRefine(oneLinePerSku);
export type FreightCargo = z.infer<typeof cargoSchema>;

export const freightOptionSchema = z.object({
  mode: z.enum(FREIGHT_MODES),
  modeName: z.string(),
  priceCents: z.number().int(),
  transitDays: z.number().int(),
  /** ISO date (YYYY-MM-DD): today plus the transit days. */
  arrivalDate: z.string(),
  /** How the price was reached, as a sentence (chargeable weight, revenue tons, containers). */
  basis: z.string(),
  /** FCL only: the containers, e.g. ["40'", "20'"]. */
  containers: z.array(z.enum(["20'", "40'"])),
});
export type FreightOption = z.infer<typeof freightOptionSchema>;

export const dutyLineSchema = z.object({
  sku: z.string(),
  hsCode: z.string(),
  description: z.string(),
  /** Total duty rate in percent (general plus additional programs); null when the tariff data has no line for the code. */
  ratePercent: z.number().nullable(),
  dutyCents: z.number().int().nullable(),
  /** What the rate is made of, or why there is none, as a sentence. */
  note: z.string(),
});
export const dutyEstimateSchema = z.object({ lines: z.array(dutyLineSchema), totalCents: z.number().int(), basis: z.string() });
export type DutyEstimate = z.infer<typeof dutyEstimateSchema>;

const placeSchema = z.object({ code: z.string(), name: z.string(), country: z.string() });

export const quoteFreight = defineContract({
  id: "quoteFreight",
  method: "POST",
  path: "/web/freight/quote",
  summary: "Prices cargo from an origin port or city to the fulfilment center by air, sea in a shared container (LCL) and sea in full containers (FCL): each with its price, transit days and arrival date, cheapest first; and the duty of the declared goods from the tariff data. Nothing is booked.",
  tags: ["shipping"],
  access: "user",
  previewAllowed: true,
  body: cargoSchema,
  response: z.object({
    origin: placeSchema,
    destination: placeSchema,
    /** max(actual kg, CBM × 1,000,000 ÷ 6000), rounded up to the half kilogram. */
    chargeableWeightKg: z.number(),
    options: z.array(freightOptionSchema),
    duty: dutyEstimateSchema,
  }),
});

export const freightEventSchema = z.object({ status: z.enum(FREIGHT_STATUSES), message: z.string(), location: z.string(), occurredAt: z.string() });
export type FreightEvent = z.infer<typeof freightEventSchema>;

export const freightBookingSchema = z.object({
  id: z.string(),
  /** The forwarder's booking reference, e.g. AF-20261127-4821. */
  reference: z.string(),
  status: z.enum(FREIGHT_STATUSES),
  origin: placeSchema,
  destination: placeSchema,
  mode: z.enum(FREIGHT_MODES),
  modeName: z.string(),
  containers: z.array(z.enum(["20'", "40'"])),
  cartons: z.number().int(),
  weightKg: z.number(),
  volumeCbm: z.number(),
  goods: z.array(freightGoodsLineSchema),
  priceCents: z.number().int(),
  transitDays: z.number().int(),
  arrivalDate: z.string(),
  dutyCents: z.number().int(),
  chargeId: z.string(),
  /** The inbound receiving made when the freight was delivered, e.g. RCV-1004; null until then. */
  receivingSn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FreightBooking = z.infer<typeof freightBookingSchema>;
export const freightBookingDetailSchema = freightBookingSchema.extend({ events: z.array(freightEventSchema), duty: dutyEstimateSchema });
export type FreightBookingDetail = z.infer<typeof freightBookingDetailSchema>;

export const createFreightBooking = defineContract({
  id: "createFreightBooking",
  method: "POST",
  path: "/web/freight",
  summary: "Books freight by one mode of the quote and charges its price to the store's card through the payments ledger; the price the person confirmed must still be the price. Its timeline advances from booked to delivered, when it becomes an inbound receiving with the goods as expected lines. Idempotent: a retry with the same Idempotency-Key returns the same booking and charges once.",
  tags: ["shipping"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z
    .strictObject({
      ...cargoFields,
      goods: goodsList.min(1, "must list at least one kind of goods: they become the receiving's lines").describe("What is in the cartons, one line per SKU; each becomes a line of the receiving"),
      mode: z.enum(FREIGHT_MODES, "must be AIR, LCL or FCL").describe("AIR, LCL (sea, shared container) or FCL (sea, full containers), from the quote"),
      expectedPriceCents: z.number("must be a number of cents").int("must be a whole number of cents").min(0, "must be 0 or more").describe("The price the person confirmed; a different price now is refused so nobody pays what they did not see"),
    })
    .superRefine(oneLinePerSku),
  response: freightBookingDetailSchema,
});

export const FREIGHT_SORTS = ["-createdAt", "createdAt", "arrivalDate", "-arrivalDate", "-priceCents", "priceCents"] as const;

export const listFreightBookings = defineContract({
  id: "listFreightBookings",
  method: "GET",
  path: "/web/freight",
  summary: "The store's freight bookings, newest first: searched by reference, origin, SKU or goods, filtered by status, sorted and paged.",
  tags: ["shipping"],
  access: "user",
  query: z.strictObject({
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    status: z.enum(FREIGHT_STATUSES).optional(),
    sort: z.enum(FREIGHT_SORTS).default("-createdAt"),
    ...pageQuery,
  }),
  response: pageOf(freightBookingSchema),
});

export const getFreightBooking = defineContract({
  id: "getFreightBooking",
  method: "GET",
  path: "/web/freight/:id",
  summary: "One freight booking with its timeline (booked, picked up, departed, arrived, customs cleared, delivered), oldest first, and its duty estimate.",
  tags: ["shipping"],
  access: "user",
  params: z.strictObject({ id: z.uuid("must be a freight booking id").describe("The booking's id") }),
  response: freightBookingDetailSchema,
});
