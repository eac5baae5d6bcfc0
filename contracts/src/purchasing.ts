import { z } from "zod";
import { defineContract } from "./contract";
import { idSchema, linkSchema, pageOf, pageQuery } from "./domain";
import { paymentResultSchema } from "./payments";

// Buying from suppliers (000 §2.7 checkout, §4 order item status and payment result, §7
// /web/creator-order-items, /web/creator-invoice-*): samples and production orders, the cart
// (an OPEN invoice), card and PayPal-style payments, shipping addresses, public pay by invoice number.

/** Order item statuses (000 §4). */
export const ORDER_ITEM_STATUSES = ["NOT_PURCHASED", "IN_SHOPPING_CART", "CHARGE_PENDING", "IN_PRODUCTION", "IN_SUBSCRIPTION", "SHIPPED", "CANCELED"] as const;
export const orderItemStatusSchema = z.enum(ORDER_ITEM_STATUSES);
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

/**
 * The one status machine of a creator order item: from → the statuses it may move to. The API
 * refuses anything else with 409; screens read it to show only the actions that can succeed.
 * Paid items (IN_PRODUCTION and later) never go back or to CANCELED: they are not refundable.
 */
export const ORDER_ITEM_TRANSITIONS: Record<OrderItemStatus, readonly OrderItemStatus[]> = {
  NOT_PURCHASED: ["IN_SHOPPING_CART", "CANCELED"],
  IN_SHOPPING_CART: ["NOT_PURCHASED", "CHARGE_PENDING", "CANCELED"],
  // Back to the cart when the card is declined.
  CHARGE_PENDING: ["IN_PRODUCTION", "IN_SHOPPING_CART"],
  IN_PRODUCTION: ["SHIPPED", "IN_SUBSCRIPTION"],
  IN_SUBSCRIPTION: ["SHIPPED", "CANCELED"],
  SHIPPED: [],
  CANCELED: [],
};

export function canMoveOrderItem(from: OrderItemStatus, to: OrderItemStatus): boolean {
  return ORDER_ITEM_TRANSITIONS[from].includes(to);
}

export const ORDER_ITEM_KINDS = ["SAMPLE", "PRODUCTION"] as const;
export const orderItemKindSchema = z.enum(ORDER_ITEM_KINDS);

/** What the checkout says before payment (the anchor's policy: sample and inventory orders are final). */
export const REFUND_POLICY =
  "Sample orders and inventory (production) orders can't be refunded once paid. Check the items, quantities, colours and shipping address before you pay.";

/** List tabs of the orders screen; counts come from the same definitions. */
export const ORDER_ITEM_TABS = {
  ALL: { statuses: null, kind: null, archived: false },
  SAMPLES: { statuses: null, kind: "SAMPLE", archived: false },
  PRODUCTION: { statuses: null, kind: "PRODUCTION", archived: false },
  IN_SHOPPING_CART: { statuses: ["IN_SHOPPING_CART"], kind: null, archived: false },
  IN_PRODUCTION: { statuses: ["CHARGE_PENDING", "IN_PRODUCTION", "IN_SUBSCRIPTION"], kind: null, archived: false },
  SHIPPED: { statuses: ["SHIPPED"], kind: null, archived: false },
  CANCELED: { statuses: ["CANCELED"], kind: null, archived: false },
  ARCHIVED: { statuses: null, kind: null, archived: true },
} as const satisfies Record<string, { statuses: readonly OrderItemStatus[] | null; kind: "SAMPLE" | "PRODUCTION" | null; archived: boolean }>;
export type OrderItemTab = keyof typeof ORDER_ITEM_TABS;
export const orderItemTabSchema = z.enum(Object.keys(ORDER_ITEM_TABS) as [OrderItemTab, ...OrderItemTab[]]);

/** Financing: the quote the checkout shows for paying over a term (docs/decisions.md). */
export const FINANCING_TERMS = { 3: 3, 6: 6, 12: 10 } as const satisfies Record<number, number>;
export const FINANCING_MIN_CENTS = 10_000;
export const FINANCING_MAX_CENTS = 5_000_000;

/** Sample quantity cap: samples are for judging a product, not for stocking it. */
export const MAX_SAMPLE_QUANTITY = 10;

export const creatorOrderItemSchema = z.object({
  id: z.string(),
  kind: orderItemKindSchema,
  status: orderItemStatusSchema,
  allowedStatuses: z.array(orderItemStatusSchema).describe("Statuses this item may move to next"),
  title: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.literal("USD"),
  catalogItemId: z.string().nullable(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  color: z.string().nullable(),
  note: z.string(),
  invoiceId: z.string().nullable(),
  isArchived: z.boolean(),
  refundable: z.literal(false).describe("Sample and production orders are never refundable once paid"),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  purchaseEventAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const shippingAddressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postalCode: z.string(),
  countryCode: z.string(),
  phone: z.string().nullable(),
});

export const invoiceStatusSchema = z.enum(["OPEN", "CHARGE_PENDING", "PAID", "VOID"]);

export const invoiceLineSchema = z.object({
  id: z.string().describe("Invoice item id (DELETE /web/creator-invoice-items/:id removes it from the cart)"),
  orderItemId: z.string(),
  kind: orderItemKindSchema,
  title: z.string(),
  supplierName: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});

export const creatorInvoiceSchema = z.object({
  id: z.string(),
  sn: z.string().describe("Public invoice number: anyone holding it can pay at /public-pay-invoice/:sn"),
  status: invoiceStatusSchema,
  items: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int().describe("What was charged when PAID; the subtotal before"),
  currency: z.literal("USD"),
  promotionCode: z.string().nullable(),
  chargeId: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippingAddress: shippingAddressSchema.nullable(),
  publicPayPath: z.string(),
  refundPolicy: z.string(),
  createdAt: z.string(),
});

export const cartSchema = z.object({
  invoice: creatorInvoiceSchema.nullable().describe("The open cart invoice; null when the cart is empty"),
  items: z.array(creatorOrderItemSchema),
  refundPolicy: z.string(),
});

const quantitySchema = z.number().int("must be a whole number").min(1, "must be at least 1").max(1_000_000, "must be at most 1,000,000");
const colorChoice = z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters");
const noteSchema = z.string().trim().max(1000, "must be at most 1000 characters");

/** Orders a sample or a production run of a catalog item; the price comes from the catalogue. */
export const createCreatorOrderItem = defineContract({
  id: "createCreatorOrderItem",
  method: "POST",
  path: "/web/creator-order-items",
  summary: "Creates a sample or production order of a catalog item at the catalogue's price (NOT_PURCHASED, or IN_SHOPPING_CART with addToCart). Samples: 1-10 units at the sample price; production: at least the MOQ, priced by quantity tier.",
  tags: ["purchasing"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    catalogItemId: idSchema.describe("The catalog item to order"),
    kind: orderItemKindSchema.describe("SAMPLE or PRODUCTION"),
    quantity: quantitySchema.default(1).describe("Units; samples 1-10, production at least the item's MOQ"),
    color: colorChoice.optional().describe("A colour name of the item's colour entries"),
    note: noteSchema.optional().describe("Instructions for the supplier"),
    addToCart: z.boolean().default(false).describe("Also put it in the cart"),
  }),
  response: creatorOrderItemSchema,
});

export const listCreatorOrderItems = defineContract({
  id: "listCreatorOrderItems",
  method: "GET",
  path: "/web/creator-order-items",
  summary: "The store's sample and production orders, newest first, filtered by tab (ALL, SAMPLES, PRODUCTION, IN_SHOPPING_CART, IN_PRODUCTION, SHIPPED, CANCELED, ARCHIVED) and status.",
  tags: ["purchasing"],
  access: "user",
  query: z.strictObject({ tab: orderItemTabSchema.default("ALL"), status: orderItemStatusSchema.optional(), ...pageQuery }),
  response: pageOf(creatorOrderItemSchema),
});

const idParams = z.strictObject({ id: idSchema });

export const getCreatorOrderItem = defineContract({
  id: "getCreatorOrderItem",
  method: "GET",
  path: "/web/creator-order-items/:id",
  summary: "One order item of the store.",
  tags: ["purchasing"],
  access: "user",
  params: idParams,
  response: creatorOrderItemSchema,
});

export const updateCreatorOrderItem = defineContract({
  id: "updateCreatorOrderItem",
  method: "PUT",
  path: "/web/creator-order-items/:id",
  summary: "Changes quantity, colour or note before payment, or moves the status: CANCELED (before payment or a subscription), SHIPPED (with the supplier's tracking link), IN_SUBSCRIPTION (a paid production order that repeats). Illegal moves are 409.",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  params: idParams,
  body: z
    .strictObject({
      quantity: quantitySchema.optional(),
      color: colorChoice.nullish(),
      note: noteSchema.optional(),
      status: z.enum(["CANCELED", "SHIPPED", "IN_SUBSCRIPTION"]).optional().describe("The status to move to"),
      trackingUrl: linkSchema.optional().describe("The supplier's tracking link, with status SHIPPED"),
    })
    .refine((v) => Object.values(v).some((x) => x !== undefined), "must set at least one field"),
  response: creatorOrderItemSchema,
});

export const archiveCreatorOrderItem = defineContract({
  id: "archiveCreatorOrderItem",
  method: "PUT",
  path: "/web/creator-order-items/:id/archive",
  summary: "Archives (or, with isArchived false, restores) an order item; items in the cart or being charged cannot be archived.",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  params: idParams,
  body: z.strictObject({ isArchived: z.boolean().default(true) }).optional(),
  response: creatorOrderItemSchema,
});

/** A signed link to review an order item's supplier without logging in (issue 14, item 6). */
export const getSupplierReviewLink = defineContract({
  id: "getSupplierReviewLink",
  method: "GET",
  path: "/web/creator-order-items/:id/review-link",
  summary: "A signed link to the public review page of a paid order item's supplier: whoever the store sends it to can post the store's one review of that supplier without an account, and it counts at once. 409 while the item is not paid.",
  tags: ["purchasing"],
  access: "user",
  params: idParams,
  response: z.object({ url: z.string(), supplierId: z.string(), reviewToken: z.string() }),
});

export const updateCreatorOrderItemPrice = defineContract({
  id: "updateCreatorOrderItemPrice",
  method: "PUT",
  path: "/web/creator-order-items/:id/update-price",
  summary: "Re-prices an unpaid order item from the catalogue's current price, optionally for a new quantity (production price tiers depend on quantity).",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  params: idParams,
  body: z.strictObject({ quantity: quantitySchema.optional() }).optional(),
  response: z.object({ previousUnitPriceCents: z.number().int(), item: creatorOrderItemSchema }),
});

export const listShoppingCartOrders = defineContract({
  id: "listShoppingCartOrders",
  method: "GET",
  path: "/web/creator-order-items/shopping-cart-orders",
  summary: "The cart: its open invoice, the items in it and the refund policy to show before payment.",
  tags: ["purchasing"],
  access: "user",
  response: cartSchema,
});

export const deleteShoppingCartOrders = defineContract({
  id: "deleteShoppingCartOrders",
  method: "DELETE",
  path: "/web/creator-order-items/shopping-cart-orders",
  summary: "Cancels orders in the cart: the given ids (comma-separated) or, without ids, every one.",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  query: z.strictObject({
    ids: z
      .union([z.string(), z.array(z.string())])
      .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(idSchema).max(100, "must list at most 100 ids"))
      .optional(),
  }),
  response: z.object({ canceled: z.number().int(), cart: cartSchema }),
});

export const getCreatorOrderItemTabCounts = defineContract({
  id: "getCreatorOrderItemTabCounts",
  method: "GET",
  path: "/web/creator-order-items/tab-counts",
  summary: "How many order items each list tab holds.",
  tags: ["purchasing"],
  access: "user",
  response: z.record(orderItemTabSchema, z.number().int()),
});

export const getInProductionOrderCount = defineContract({
  id: "getInProductionOrderCount",
  method: "GET",
  path: "/web/creator-order-items/in-production-order-count",
  summary: "How many of the store's order items are paid and in production.",
  tags: ["purchasing"],
  access: "user",
  response: z.object({ count: z.number().int() }),
});

export const recordOrderItemPurchaseEvent = defineContract({
  id: "recordOrderItemPurchaseEvent",
  method: "POST",
  path: "/web/creator-order-items/:id/event-purchase",
  summary: "Records the purchase event of a paid order item for conversion tracking, once; a repeat answers recorded false. Unpaid items are 409.",
  tags: ["purchasing"],
  access: "user",
  params: idParams,
  noToolReason: "Analytics event the checkout screen sends after a purchase; not a user action.",
  response: z.object({ recorded: z.boolean(), purchaseEventAt: z.string() }),
});

export const getPromotionCodeCount = defineContract({
  id: "getPromotionCodeCount",
  method: "GET",
  path: "/web/creator-order-items/-/promotion-code-count",
  summary: "Promotion codes this store can still use on sourcing purchases (PRODUCTS10 once per store), and how many paid invoices used one.",
  tags: ["purchasing"],
  access: "user",
  response: z.object({ count: z.number().int().describe("Codes still available"), codes: z.array(z.string()), usedCount: z.number().int() }),
});

export const improveShippingAddress = defineContract({
  id: "improveShippingAddress",
  method: "GET",
  path: "/web/creator-order-items/action/improve-shipping-address",
  summary: "Paid invoices that have no shipping address yet, so the screen can ask for one (/add-shipping-address/:invoiceId).",
  tags: ["purchasing"],
  access: "user",
  response: z.object({ count: z.number().int(), invoices: z.array(creatorInvoiceSchema) }),
});

export const addToCart = defineContract({
  id: "addToCart",
  method: "POST",
  path: "/web/creator-invoice-items/action/add-to-cart",
  summary: "Puts NOT_PURCHASED order items into the cart (the store's open invoice), at their current price.",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  body: z.strictObject({ orderItemIds: z.array(idSchema).min(1, "must list at least one order item").max(50, "must list at most 50 order items") }),
  response: cartSchema,
});

export const deleteCreatorInvoiceItem = defineContract({
  id: "deleteCreatorInvoiceItem",
  method: "DELETE",
  path: "/web/creator-invoice-items/:id",
  summary: "Takes one item out of the cart; its order item goes back to NOT_PURCHASED.",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  params: idParams,
  response: cartSchema,
});

const cardSchema = z.strictObject({
  number: z.string().trim().transform((v) => v.replace(/[\s-]/g, "")).pipe(z.string().regex(/^\d{12,19}$/, "must be 12 to 19 digits")),
  expMonth: z.number().int().min(1, "must be 1-12").max(12, "must be 1-12"),
  expYear: z.number().int().min(2000, "must be a four-digit year").max(2100, "must be a four-digit year"),
  cvc: z.string().regex(/^\d{3,4}$/, "must be 3 or 4 digits"),
});
const promotionCodeInput = z.string().trim().min(1, "must not be empty").max(40, "must be at most 40 characters").describe("PRODUCTS10 applies to sourcing purchases");

export const paymentAnswerSchema = z.object({ result: paymentResultSchema, chargeId: z.string(), invoice: creatorInvoiceSchema });

export const payCreatorInvoice = defineContract({
  id: "payCreatorInvoice",
  method: "POST",
  path: "/web/creator-invoice-payments",
  summary: "Pays an invoice of the store with a saved card (paymentMethodId, else the default card) or a new card. COMPLETED moves its items to IN_PRODUCTION; INSTRUMENT_DECLINED leaves them in the cart. Send an Idempotency-Key: a retry with the same key charges once and answers the same.",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  body: z
    .strictObject({
      invoiceId: idSchema,
      paymentMethodId: z.string().trim().min(1).max(100).optional().describe("A saved card; the default card when neither this nor card is given"),
      card: cardSchema.optional().describe("A new card, charged once; kept on the store only with saveCard"),
      saveCard: z
        .boolean()
        .default(false)
        .describe("Keep the new card on the store after a successful charge (the default card only if there is none); a declined card is never kept"),
      promotionCode: promotionCodeInput.optional(),
    })
    .refine((v) => !(v.paymentMethodId && v.card), { message: "give either paymentMethodId or card, not both", path: ["card"] })
    .refine((v) => !(v.saveCard && !v.card), { message: "saveCard needs a new card", path: ["saveCard"] }),
  response: paymentAnswerSchema,
});

export const capturePaypalPayment = defineContract({
  id: "capturePaypalPayment",
  method: "POST",
  path: "/web/creator-invoice-payments/-/paypal-capture",
  summary: "Captures an approved PayPal-style order for an invoice through the payment provider; the same paypalOrderId captures once.",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  noToolReason: "Needs the order id PayPal's popup returns after the payer approves in it; agents pay with a saved card through payCreatorInvoice.",
  body: z.strictObject({
    invoiceId: idSchema,
    paypalOrderId: z.string().trim().regex(/^[A-Za-z0-9_-]{6,64}$/, "must be 6-64 letters, digits, _ or -"),
    paymentMethodId: z.string().trim().min(1).max(100).optional(),
  }),
  response: paymentAnswerSchema,
});

export const financingQuoteSchema = z.object({
  amountCents: z.number().int(),
  termMonths: z.number().int(),
  feePercent: z.number(),
  feeCents: z.number().int(),
  totalCents: z.number().int(),
  monthlyPaymentCents: z.number().int(),
  terms: z.array(z.object({ termMonths: z.number().int(), feePercent: z.number() })),
});

export const calcFinancingFee = defineContract({
  id: "calcFinancingFee",
  method: "POST",
  path: "/web/creator-invoice-payments/-/calc-financing-fee",
  summary: "Quotes the fee for paying an invoice (or an amount) over 3, 6 or 12 months: 3%, 6% or 10%, for $100 to $50,000.",
  tags: ["purchasing"],
  access: "user",
  previewAllowed: true,
  body: z
    .strictObject({
      invoiceId: idSchema.optional(),
      amountCents: z.number().int("must be whole cents").min(1, "must be positive").optional(),
      termMonths: z.union([z.literal(3), z.literal(6), z.literal(12)], { message: "must be 3, 6 or 12" }),
    })
    .refine((v) => (v.invoiceId === undefined) !== (v.amountCents === undefined), { message: "give exactly one of invoiceId or amountCents", path: ["invoiceId"] }),
  response: financingQuoteSchema,
});

export const listCreatorInvoices = defineContract({
  id: "listCreatorInvoices",
  method: "GET",
  path: "/web/creator-invoices",
  summary: "The store's sourcing invoices, newest first; status OPEN is what needs payment.",
  tags: ["purchasing"],
  access: "user",
  query: z.strictObject({ status: invoiceStatusSchema.optional(), ...pageQuery }),
  response: pageOf(creatorInvoiceSchema),
});

export const getCreatorInvoice = defineContract({
  id: "getCreatorInvoice",
  method: "GET",
  path: "/web/creator-invoices/:id",
  summary: "One invoice of the store (/pay-invoice/:invoiceId).",
  tags: ["purchasing"],
  access: "user",
  params: idParams,
  response: creatorInvoiceSchema,
});

const line = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

export const setInvoiceShippingAddress = defineContract({
  id: "setInvoiceShippingAddress",
  method: "PUT",
  path: "/web/creator-invoices/:id/shipping-address",
  summary: "Sets where the supplier ships an invoice's items (/add-shipping-address/:invoiceId); allowed until the items ship.",
  tags: ["purchasing"],
  access: "user",
  idempotent: true,
  params: idParams,
  body: z.strictObject({
    name: line(100),
    line1: line(200),
    line2: z.string().trim().max(200, "must be at most 200 characters").nullish(),
    city: line(100),
    state: z.string().trim().max(100, "must be at most 100 characters").nullish(),
    postalCode: line(20).regex(/^[A-Za-z0-9 -]+$/, "may hold only letters, digits, spaces and dashes"),
    countryCode: z.string().trim().regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166 country code").transform((v) => v.toUpperCase()),
    phone: z.string().trim().regex(/^\+?[0-9][0-9 ().-]{5,24}$/, "must be a phone number like +1 415 555 0100").nullish(),
  }),
  response: creatorInvoiceSchema,
});

export const publicInvoiceSchema = z.object({
  sn: z.string(),
  status: invoiceStatusSchema,
  storeTitle: z.string(),
  items: z.array(invoiceLineSchema.omit({ id: true, orderItemId: true })),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.literal("USD"),
  paidAt: z.string().nullable(),
  refundPolicy: z.string(),
});

const snParams = z.strictObject({ sn: z.string().trim().regex(/^[A-Z0-9-]{8,40}$/, "must be an invoice number") });

export const getPublicInvoice = defineContract({
  id: "getPublicInvoice",
  method: "GET",
  path: "/app/creator-order-items/invoice/:sn",
  summary: "An invoice's summary by its public number, without login (/public-pay-invoice/:sn).",
  tags: ["purchasing"],
  access: "public",
  params: snParams,
  response: publicInvoiceSchema,
});

export const payPublicInvoice = defineContract({
  id: "payPublicInvoice",
  method: "POST",
  path: "/app/creator-invoice-payments/:sn",
  summary: "Pays an invoice by its public number with a card, without login; the card is used for this charge only and not kept.",
  tags: ["purchasing"],
  access: "public",
  idempotent: true,
  noToolReason: "A public payer's card form; agents act for logged-in stores and use payCreatorInvoice.",
  params: snParams,
  body: z.strictObject({ card: cardSchema, promotionCode: promotionCodeInput.optional() }),
  response: z.object({ result: paymentResultSchema, chargeId: z.string(), invoice: publicInvoiceSchema }),
});
