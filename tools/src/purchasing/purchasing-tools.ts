import { marketplace, purchasing } from "@atelier/contracts";
import { defineTool, type ApprovalLookup } from "../tool-spec";
import { cardOnFile, paySourcingInvoiceSummary } from "../payments/payment-approvals";

// Buying from suppliers: sample and production orders, the cart, sourcing invoices and payment.

const page = "Page number, starting at 0";
const size = "Items per page, 1-100";
const orderItemId = "The order item's id, from list_order_items, create_order_item or get_cart";
const sourcingInvoiceId = "The sourcing invoice's id: get_cart's invoice.id, or list_sourcing_invoices";
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const CART_NOTE = "Nothing is charged until the cart is paid; paid sample and production orders are not refundable.";

// Putting an order in the cart commits the user to a purchase from a supplier, so it waits for the
// user's yes like paying does; the summary names the product, supplier and price, not ids.

/** "1 sample of Speckled mug (Kiln Co.) at $15.00 each" for create_order_item's arguments. */
async function orderSummary(a: Record<string, unknown>, lookup: ApprovalLookup): Promise<string> {
  const quantity = Number(a.quantity ?? 1);
  const kind = a.kind === "PRODUCTION" ? "production order" : "sample";
  const detail = await lookup(marketplace.getCatalogItem, { params: { id: String(a.catalogItemId) } });
  const what = detail ? `${detail.item.title} (${detail.item.supplierName})` : `catalog item ${String(a.catalogItemId)}`;
  const price = kind === "sample" && detail?.item.samplePriceCents != null ? ` at ${usd(detail.item.samplePriceCents)} each` : kind === "sample" ? "" : " at the catalogue's price for that quantity";
  return `Add ${kind === "sample" ? `${quantity} sample${quantity === 1 ? "" : "s"}` : `a production order of ${quantity} units`} of ${what}${price} to the cart. ${CART_NOTE}`;
}

/** The order items add_to_cart would cart, by title and price (the first five looked up). */
async function cartSummary(a: Record<string, unknown>, lookup: ApprovalLookup): Promise<string> {
  const ids = Array.isArray(a.orderItemIds) ? a.orderItemIds.map(String) : [];
  const items = await Promise.all(ids.slice(0, 5).map((id) => lookup(purchasing.getCreatorOrderItem, { params: { id } })));
  const named = items.map((i, n) => (i ? `${i.title.replace(/^(sample|production):\s*/i, "")} (${i.kind === "SAMPLE" ? "sample" : "production"}, ${i.quantity} × ${usd(i.unitPriceCents)})` : `order item ${ids[n]}`));
  const more = ids.length > 5 ? ` and ${ids.length - 5} more` : "";
  return `Add ${named.join(", ")}${more} to the cart. ${CART_NOTE}`;
}

export const purchasingTools = [
  defineTool({
    contract: purchasing.createCreatorOrderItem,
    name: "create_order_item",
    description:
      "Order a sample (kind SAMPLE, 1-10 units at the sample price) or a production run (kind PRODUCTION, at least the MOQ) of a catalog item at the catalogue's price; addToCart true also puts it in the cart, which needs the user's approval. Nothing is charged until the cart is paid. Use it for 'add a sample of … to my cart'.",
    approval: { when: (a) => a.addToCart === true, summary: orderSummary },
  }),
  defineTool({
    contract: purchasing.listCreatorOrderItems,
    name: "list_order_items",
    description: "List the store's sample and production orders, newest first, by tab (ALL, SAMPLES, PRODUCTION, IN_SHOPPING_CART, IN_PRODUCTION, SHIPPED, CANCELED, ARCHIVED). Use it for 'my orders', 'my samples', 'what is in production'.",
    argDescriptions: { tab: "Which list: ALL, SAMPLES, PRODUCTION, IN_SHOPPING_CART, IN_PRODUCTION, SHIPPED, CANCELED or ARCHIVED", status: "Only items with this status", page, size },
  }),
  defineTool({ contract: purchasing.getCreatorOrderItem, name: "get_order_item", description: "Get one order item: status, quantity, price, supplier, tracking link. Use it when the user asks about one order.", argDescriptions: { id: orderItemId } }),
  defineTool({
    contract: purchasing.updateCreatorOrderItem,
    name: "update_order_item",
    description:
      "Change an unpaid order item's quantity, colour or note, or move its status: CANCELED (before payment), SHIPPED (with the supplier's tracking link) or IN_SUBSCRIPTION (a paid production order that repeats). Send only what changes.",
    argDescriptions: { id: orderItemId, quantity: "New number of units; samples 1-10, production at least the MOQ", color: "A colour name of the item's colours; null clears it", note: "Instructions for the supplier" },
  }),
  defineTool({
    contract: purchasing.archiveCreatorOrderItem,
    name: "archive_order_item",
    description: "Archive an order item so it leaves the order lists (isArchived false restores it). Items in the cart or being charged cannot be archived. Use it when the user wants to tidy up old orders.",
    argDescriptions: { id: orderItemId, isArchived: "true to archive (the default), false to restore" },
  }),
  defineTool({
    contract: purchasing.updateCreatorOrderItemPrice,
    name: "reprice_order_item",
    description: "Re-price an unpaid order item from the catalogue's current price, optionally for a new quantity (production prices depend on quantity). Use it when the user asks whether the price changed.",
    argDescriptions: { id: orderItemId, quantity: "A new number of units to price for" },
  }),
  defineTool({
    contract: purchasing.listShoppingCartOrders,
    name: "get_cart",
    description: "Get the cart: its open invoice (id, lines, total) and the order items in it, with the refund policy. Use it for 'what's in my cart' and before paying.",
  }),
  defineTool({
    contract: purchasing.addToCart,
    name: "add_to_cart",
    description: "Put existing NOT_PURCHASED order items into the cart at their current price. Needs the user's approval. Use it for orders created earlier without addToCart.",
    argDescriptions: { orderItemIds: "Ids of the order items to add (list_order_items), at most 50" },
    approval: { summary: cartSummary },
  }),
  defineTool({
    contract: purchasing.deleteCreatorInvoiceItem,
    name: "remove_from_cart",
    description: "Take one line out of the cart; its order item goes back to NOT_PURCHASED (not cancelled). Use it for 'remove … from my cart'.",
    argDescriptions: { id: "The cart line's id: an entry of get_cart's invoice.items (not the order item id)" },
  }),
  defineTool({
    contract: purchasing.deleteShoppingCartOrders,
    name: "cancel_cart_orders",
    description: "Cancel orders in the cart: the given order items, or every one when ids is omitted. Cancelled orders cannot be restored. Use it for 'empty my cart' or 'cancel these orders'.",
    argDescriptions: { ids: "Ids of the order items in the cart to cancel; all of them when omitted" },
  }),
  defineTool({
    contract: purchasing.payCreatorInvoice,
    name: "pay_sourcing_invoice",
    description:
      "Pay a sourcing invoice (the cart's open invoice) with the store's default saved card, or another saved card. Paid items go into production; sample and production orders are not refundable. Needs the user's approval. Use it for 'pay my cart' or 'checkout'. Never ask for card numbers.",
    omit: ["card", "saveCard"],
    argDescriptions: { invoiceId: sourcingInvoiceId, paymentMethodId: "Id of a saved card (list_payment_methods); the default card when omitted", promotionCode: "A promotion code the user gave, e.g. PRODUCTS10" },
    approval: { summary: paySourcingInvoiceSummary, precheck: cardOnFile },
  }),
  defineTool({
    contract: purchasing.calcFinancingFee,
    name: "quote_financing_fee",
    description: "Quote the fee and monthly payment for paying a sourcing invoice (or an amount) over 3, 6 or 12 months. Use it when the user asks about paying over time.",
    argDescriptions: { invoiceId: sourcingInvoiceId, amountCents: "Or an amount in US cents, $100 to $50,000", termMonths: "3, 6 or 12 months" },
  }),
  defineTool({
    contract: purchasing.listCreatorInvoices,
    name: "list_sourcing_invoices",
    description: "List the store's sourcing invoices (samples and production orders), newest first; OPEN is the cart waiting for payment. For plan billing use list_invoices.",
    argDescriptions: { status: "Only OPEN, CHARGE_PENDING, PAID or VOID invoices", page, size },
  }),
  defineTool({ contract: purchasing.getCreatorInvoice, name: "get_sourcing_invoice", description: "Get one sourcing invoice: lines, totals, status and shipping address. Use it when the user asks about a specific sourcing invoice.", argDescriptions: { id: sourcingInvoiceId } }),
  defineTool({
    contract: purchasing.setInvoiceShippingAddress,
    name: "set_invoice_shipping_address",
    description: "Set where the supplier ships a sourcing invoice's items; allowed until they ship. Use it when the user gives a shipping address for an order.",
    argDescriptions: {
      id: sourcingInvoiceId,
      name: "Recipient's name",
      line1: "Street address",
      line2: "Apartment, suite or unit",
      city: "City",
      state: "State or province code, when the country has them",
      postalCode: "Postal or ZIP code",
      countryCode: "Two-letter ISO 3166 country code, e.g. US",
      phone: "Recipient's phone number, e.g. +1 415 555 0100",
    },
  }),
];
