import { cell, type ExportedOrder, type LooseRow, type StorePlatformFile } from "./types";

// Amazon Seller Central's order reports are tab-separated flat files, one row per order item:
// the Unshipped/New Orders report (order-id, buyer-email, recipient-name, ship-address-1…,
// quantity-purchased) and the All Orders report (amazon-order-id, quantity, no street address).
// item-price is the price of the row's whole quantity, not of one unit.

export const amazonOrderReport: StorePlatformFile = {
  channel: "AMAZON",
  delimiter: "\t",
  recognises: (header) =>
    (header.includes("order-id") || header.includes("amazon-order-id")) && header.includes("sku") && (header.includes("quantity-purchased") || header.includes("quantity")),
  readOrders(rows) {
    const byId = new Map<string, ExportedOrder>();
    const loose: LooseRow[] = [];
    for (const row of rows) {
      const id = cell(row, "order-id", "amazon-order-id");
      if (!id) {
        loose.push({ line: row.line, message: "has no order-id, so it belongs to no order." });
        continue;
      }
      let order = byId.get(id);
      if (!order) {
        const name = cell(row, "recipient-name", "buyer-name");
        order = {
          externalId: id,
          lines: [],
          placedAt: cell(row, "purchase-date", "payments-date"),
          email: cell(row, "buyer-email"),
          customerName: cell(row, "buyer-name", "recipient-name"),
          phone: cell(row, "ship-phone-number", "buyer-phone-number"),
          address: {
            name,
            address1: cell(row, "ship-address-1"),
            address2: [cell(row, "ship-address-2"), cell(row, "ship-address-3")].filter(Boolean).join(", "),
            city: cell(row, "ship-city"),
            region: cell(row, "ship-state"),
            postalCode: cell(row, "ship-postal-code"),
            countryCode: cell(row, "ship-country"),
          },
          currency: cell(row, "currency"),
          shipping: "0",
          tax: "0",
          discount: "0",
          items: [],
        };
        byId.set(id, order);
      }
      order.lines.push(row.line);
      const quantity = cell(row, "quantity-purchased", "quantity");
      // Shipping and tax are per item row on Amazon; the order's are their sums.
      order.shipping = addAmounts(order.shipping, cell(row, "shipping-price"));
      order.tax = addAmounts(order.tax, cell(row, "item-tax"));
      order.discount = addAmounts(order.discount, cell(row, "item-promotion-discount"));
      order.items.push({ line: row.line, sku: cell(row, "sku"), title: cell(row, "product-name"), quantity, unitPrice: perUnit(cell(row, "item-price"), quantity) });
    }
    return { orders: [...byId.values()], loose };
  },
};

/** Sums two money cells; an unreadable one is kept as it is so the check names it. */
function addAmounts(a: string, b: string): string {
  if (!b) return a;
  const x = Number(a.replace(/[$,\s]/g, ""));
  const y = Number(b.replace(/[$,\s]/g, "").replace(/^-/, ""));
  return Number.isFinite(x) && Number.isFinite(y) ? (x + y).toFixed(2) : b;
}

/** The row's price divided by its quantity; left as it is when either can't be read. */
function perUnit(price: string, quantity: string): string {
  const p = Number(price.replace(/[$,\s]/g, ""));
  const q = Number(quantity);
  return price && Number.isFinite(p) && Number.isInteger(q) && q > 0 ? (p / q).toFixed(4) : price;
}
