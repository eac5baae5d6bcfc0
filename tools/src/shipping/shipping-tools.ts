import { shipping, type CallInput } from "@atelier/contracts";
import { QC_INSPECTION_FEE_CENTS } from "@atelier/contracts/shipping";
import { defineTool } from "../tool-spec";
import { cardOnFile, cardWords } from "../payments/payment-approvals";
import type { ApprovalLookup } from "../tool-spec";
import { freightTools } from "./freight-tools";

// Shipping labels (/web/standalone-label): quote, buy (after the user's approval), history, void
// with a refund, return labels, and the address check.

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const address = "{ name, addressLine1, addressLine2?, city, stateCode (two letters in the US), zipCode, phone?, email?, countryCode (default US) }";
const shipmentArgs = {
  fromAddress: `Where it ships from: ${address}; the store's own address unless the user says otherwise`,
  toAddress: `Where it goes: ${address}`,
  parcel: "{ weight, mass_unit (lb default, oz, kg, g), length, width, height, distance_unit (in default, cm) }; ask for the box size if the user gave none",
  notes: "Text printed on the label (optional)",
  customs: "For parcels leaving the country: [{ description, hsCode, originCountryCode, quantity, valueCents }]",
  sku: "The SKU in the parcel, to compare its known weight (optional)",
  orderNumber: "The store order this label ships (optional)",
};

type Args = Record<string, unknown>;
type Place = { name?: string; city?: string; stateCode?: string; countryCode?: string };
const placeOf = (a: unknown) => {
  const p = (a ?? {}) as Place;
  return [p.name, [p.city, p.stateCode || (p.countryCode && p.countryCode !== "US" ? p.countryCode : "")].filter(Boolean).join(", ")].filter(Boolean).join(" in ");
};

/** The price the user saw, else today's price from a quote, so the approval always names an amount. */
async function priceOf(args: Args, lookup: ApprovalLookup): Promise<string> {
  if (typeof args.expectedPriceCents === "number") return dollars(args.expectedPriceCents);
  const { serviceCode: _s, carrier: _c, expectedPriceCents: _e, ...shipment } = args;
  const quote = await lookup(shipping.quoteShippingLabel, { body: shipment } as CallInput<typeof shipping.quoteShippingLabel>);
  const rate = quote?.rates.find((r) => r.serviceCode === String(args.serviceCode ?? "").toUpperCase() && (!args.carrier || r.carrier === args.carrier));
  return rate ? dollars(rate.priceCents) : "the quoted price";
}

const serviceWords = (code: unknown) => String(code ?? "ground").toLowerCase().replace(/_/g, "-");

const orderLabelArgs = {
  orderNumbers: "The store's order numbers, e.g. [1001, 1002] (at most 100)",
  parcel: "The box every order ships in: { weight, mass_unit (lb default), length, width, height, distance_unit (in default) }; ask for it if the user gave none",
  serviceCode: "GROUND (default), TWO_DAY or OVERNIGHT",
  carrier: "The carrier (default the built-in one)",
};
const orderList = (numbers: unknown) => {
  const n = (Array.isArray(numbers) ? numbers : []).map((x) => `#${String(x)}`);
  return n.length > 1 ? `${n.slice(0, -1).join(", ")} and ${n.at(-1)}` : (n[0] ?? "");
};

export const shippingTools = [
  defineTool({
    contract: shipping.quoteShippingLabel,
    name: "quote_shipping_label",
    description: "Price a parcel with every carrier: each service (ground, two-day, overnight, international) with its price, estimated days and delivery date, cheapest first, plus preflight warnings (address problems, dimensional weight, missing customs). Use it for 'how much to ship a 2 lb box to 94107'. Nothing is bought.",
    argDescriptions: shipmentArgs,
  }),
  defineTool({
    contract: shipping.createShippingLabel,
    name: "buy_shipping_label",
    description: "Buy a shipping label for one service of a quote and charge the store's card. Needs the user's approval. Quote first and pass the price the user saw as expectedPriceCents; 'the cheapest' is the first rate of the quote.",
    argDescriptions: { ...shipmentArgs, serviceCode: "GROUND, TWO_DAY, OVERNIGHT or INTERNATIONAL, from the quote", carrier: "The carrier of that rate (default the built-in one)", expectedPriceCents: "The rate's priceCents from the quote, as the user saw it" },
    approval: {
      summary: async (a, lookup) => `Buy a ${serviceWords(a.serviceCode)} shipping label to ${placeOf(a.toAddress)} and charge the card ${await priceOf(a, lookup)}`,
    },
  }),
  defineTool({
    contract: shipping.listShippingLabels,
    name: "list_shipping_labels",
    description: "The store's label history, newest first: tracking number, service, price, recipient and status (purchased, in transit, delivered, voided). Use it for 'my labels', 'the last label', or to find a label by tracking number, name, city or ZIP.",
    argDescriptions: { search: "Tracking number, recipient name, city or ZIP", status: "PURCHASED, IN_TRANSIT, DELIVERED or VOIDED", sort: "-createdAt (default), createdAt, -priceCents or priceCents", page: "Page number from 0", size: "Labels per page, 1-100" },
  }),
  defineTool({
    contract: shipping.getShippingLabel,
    name: "get_shipping_label",
    description: "One label with its tracking events (created, accepted, in transit, out for delivery, delivered). Use it for 'where is this parcel'.",
    argDescriptions: { id: "The label's id, from list_shipping_labels or the screen" },
  }),
  defineTool({
    contract: shipping.voidShippingLabel,
    name: "void_shipping_label",
    description: "Void a label the carrier has not scanned yet; its price is refunded to the card. Needs the user's approval. Use it for 'void the last label' (find it with list_shipping_labels first).",
    argDescriptions: { id: "The label's id" },
    approval: {
      summary: async (a, lookup) => {
        const label = await lookup(shipping.getShippingLabel, { params: { id: String(a.id) } });
        return label ? `Void the ${label.serviceName.toLowerCase()} label to ${placeOf(label.toAddress)} and refund ${dollars(label.priceCents)} to the card` : "Void the label and refund its price to the card";
      },
    },
  }),
  defineTool({
    contract: shipping.createReturnLabel,
    name: "create_return_label",
    description: "Buy a return label for a label: the same parcel and service with the addresses swapped, charged to the card. Needs the user's approval.",
    argDescriptions: { id: "The original label's id", expectedPriceCents: "The price the user agreed to, if known" },
    approval: {
      summary: async (a, lookup) => {
        const label = await lookup(shipping.getShippingLabel, { params: { id: String(a.id) } });
        const price = typeof a.expectedPriceCents === "number" ? dollars(a.expectedPriceCents) : label ? `about ${dollars(label.priceCents)}` : "the label's price";
        return `Buy a return label from ${label ? placeOf(label.toAddress) : "the recipient"} back to ${label ? placeOf(label.fromAddress) : "the store"} and charge the card ${price}`;
      },
    },
  }),
  defineTool({
    contract: shipping.validateAddress,
    name: "validate_address",
    description: "Check an address: postcode format for its country, US state codes, phone number; returns it normalised with problems and suggestions. Nothing is saved.",
    argDescriptions: { address: `The address: ${address}` },
  }),
  defineTool({
    contract: shipping.quoteOrderLabels,
    name: "quote_order_labels",
    description: "Price one label per store order for several orders at once (from the fulfilment center to each order's shipping address, one box and service for all): each order's price or why it can't ship (canceled, shipped, a label already, no address, international), and the total. Use it for 'how much to ship these orders' or before buying labels for orders. Nothing is bought.",
    argDescriptions: orderLabelArgs,
  }),
  defineTool({
    contract: shipping.createOrderLabels,
    name: "buy_order_labels",
    description: "Buy the labels of several store orders at once and merge them into one document to print; each label is charged to the store's card. Needs the user's approval. Quote first with quote_order_labels and pass its totalCents as expectedTotalCents. The merged labels download on the Label batches screen.",
    argDescriptions: { ...orderLabelArgs, format: "pdf-4x6 (default), pdf-letter or zpl", expectedTotalCents: "The quote's totalCents, as the user saw it" },
    approval: {
      summary: async (a, lookup) => {
        const { format: _f, expectedTotalCents: _e, ...body } = a;
        const quote = await lookup(shipping.quoteOrderLabels, { body } as CallInput<typeof shipping.quoteOrderLabels>);
        const ready = quote?.lines.filter((l) => l.priceCents !== null) ?? [];
        const total = typeof a.expectedTotalCents === "number" ? dollars(a.expectedTotalCents) : quote ? dollars(quote.totalCents) : "the quoted total";
        const who = ready.slice(0, 3).map((l) => `${l.recipient} in ${l.place}`).join(", ") + (ready.length > 3 ? ` and ${ready.length - 3} more` : "");
        const count = quote ? ready.length : Array.isArray(a.orderNumbers) ? a.orderNumbers.length : 0;
        return `Buy ${count} ${serviceWords(a.serviceCode)} label${count === 1 ? "" : "s"} for order${count === 1 ? "" : "s"} ${orderList(ready.length ? ready.map((l) => l.orderNumber) : a.orderNumbers)}${who ? ` (to ${who})` : ""} and charge the card ${total}`;
      },
    },
  }),
  defineTool({
    contract: shipping.getPickList,
    name: "get_pick_list",
    description: "What to pick for some store orders, in walking order: one line per bin and SKU with the units still to ship and the orders they go to. Use it for 'pick list for orders 1001 and 1002' or 'what do I pick for these orders'. The printable pick list and packing slips download on the Label batches screen.",
    argDescriptions: { orders: "Order numbers separated by commas, e.g. 1001,1002" },
  }),
  // Quality checks (ISO 2859-1 / ANSI Z1.4 sampling)
  defineTool({
    contract: shipping.getSamplingPlan,
    name: "get_sampling_plan",
    description: "The AQL sampling plan (ISO 2859-1 / ANSI Z1.4, single sampling, normal inspection) for a lot: the code letter, how many units to inspect, and for critical, major and minor defects the acceptance and rejection numbers. Use it for 'how many units should I inspect from a lot of 1000 at AQL 2.5'.",
    argDescriptions: { lotSize: "Units in the lot", level: "General inspection level I, II (default) or III", aqlCritical: "AQL in percent, one of 0.010, 0.015, 0.025, 0.040, 0.065, 0.10, 0.15, 0.25, 0.40, 0.65, 1.0, 1.5, 2.5, 4.0, 6.5, 10 (default 0.065)", aqlMajor: "AQL in percent, one of 0.010, 0.015, 0.025, 0.040, 0.065, 0.10, 0.15, 0.25, 0.40, 0.65, 1.0, 1.5, 2.5, 4.0, 6.5, 10 (default 2.5)", aqlMinor: "AQL in percent, one of 0.010, 0.015, 0.025, 0.040, 0.065, 0.10, 0.15, 0.25, 0.40, 0.65, 1.0, 1.5, 2.5, 4.0, 6.5, 10 (default 4.0)" },
  }),
  defineTool({
    contract: shipping.createQcInspection,
    name: "book_qc_inspection",
    description: `Book a quality inspection of a lot (a purchase order, or a receiving by its number RCV-1003, which links the inspection to it) planned from the AQL tables; the sample size and acceptance numbers are fixed at booking. The inspection fee (${dollars(QC_INSPECTION_FEE_CENTS)}) is charged to the store's card: needs the user's approval.`,
    argDescriptions: { orderItemId: "Optional: the id of the paid sourcing purchase inspected (from list_order_items), which then lists the inspection", reference: "The purchase order or receiving, e.g. PO-1042 or RCV-1003", product: "What the lot is", stage: "PRE_PRODUCTION, DURING_PRODUCTION, PRE_SHIPMENT (default) or RECEIVING", lotSize: "Units in the lot", level: "I, II (default) or III", aqlCritical: "Critical AQL (default 0.065)", aqlMajor: "Major AQL (default 2.5)", aqlMinor: "Minor AQL (default 4.0)", expectedFeeCents: `The inspection fee in cents as the user saw it: ${QC_INSPECTION_FEE_CENTS}` },
    approval: {
      summary: async (a, lookup) => `Book a quality inspection of ${String(a.reference ?? "the lot")}${a.product ? ` (${String(a.product)})` : ""}, ${Number(a.lotSize ?? 0).toLocaleString("en-US")} units, and charge ${dollars(QC_INSPECTION_FEE_CENTS)} to ${await cardWords(undefined, lookup)}`,
      precheck: cardOnFile,
    },
  }),
  defineTool({
    contract: shipping.listQcInspections,
    name: "list_qc_inspections",
    description: "The store's quality inspections, newest first, with their plan, status (booked or reported) and verdict. Use it for 'my inspections', 'did PO-1042 pass', 'which inspections failed' (verdict FAIL), or to find the inspection to report.",
    argDescriptions: { search: "Reference or product", status: "BOOKED or REPORTED", verdict: "PASS (passed), FAIL (failed) or PENDING (waiting for the report)", receivingId: "Only the inspections of this receiving (its id)", orderItemIds: "Only the inspections of these sourcing purchases (ids, comma-separated)", page: "Page number from 0", size: "Inspections per page, 1-100" },
  }),
  defineTool({
    contract: shipping.getQcInspection,
    name: "get_qc_inspection",
    description: "One quality inspection with its sampling plan, the defects found and the verdict per class.",
    argDescriptions: { id: "The inspection's id" },
  }),
  defineTool({
    contract: shipping.reportQcInspection,
    name: "report_qc_inspection",
    description: "Record an inspection's report: critical, major and minor defects found in the sample, with defect photos the user uploaded; the verdict (pass or fail) follows from the acceptance numbers. An inspection is reported once.",
    argDescriptions: { id: "The inspection's id, from list_qc_inspections", critical: "Critical defects found", major: "Major defects found", minor: "Minor defects found", notes: "What the inspector saw (optional)", photoIds: "Ids of defect pictures the user uploaded (optional)" },
  }),
  ...freightTools,
];
