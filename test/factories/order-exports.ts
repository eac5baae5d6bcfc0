import { stringify } from "csv-stringify/sync";

// Order export files in the platforms' real formats (headers as Shopify, the WooCommerce order
// export plugin and Amazon's order reports write them), for import tests, the e2e step and the bench.

export type ExportLine = { sku: string; quantity: number | string; price: number | string; title?: string };
export type ExportOrder = {
  id: string;
  email?: string;
  name?: string;
  address1?: string;
  city?: string;
  zip?: string;
  province?: string;
  country?: string;
  createdAt?: string;
  shipping?: number;
  lines: ExportLine[];
};

const person = (o: ExportOrder) => ({
  email: o.email ?? `buyer-${o.id.replace(/\W/g, "").toLowerCase()}@example.com`,
  name: o.name ?? "Ada Lovelace",
  address1: o.address1 ?? "12 Market Street",
  city: o.city ?? "Springfield",
  zip: o.zip ?? "02134",
  province: o.province ?? "MA",
  country: o.country ?? "US",
});

/** Shopify's full orders export header (Orders → Export, 2024–2026). */
export const SHOPIFY_HEADER = [
  "Name", "Email", "Financial Status", "Paid at", "Fulfillment Status", "Fulfilled at", "Accepts Marketing", "Currency", "Subtotal", "Shipping", "Taxes", "Total",
  "Discount Code", "Discount Amount", "Shipping Method", "Created at", "Lineitem quantity", "Lineitem name", "Lineitem price", "Lineitem compare at price", "Lineitem sku",
  "Lineitem requires shipping", "Lineitem taxable", "Lineitem fulfillment status", "Billing Name", "Billing Street", "Billing Address1", "Billing Address2", "Billing Company",
  "Billing City", "Billing Zip", "Billing Province", "Billing Country", "Billing Phone", "Shipping Name", "Shipping Street", "Shipping Address1", "Shipping Address2",
  "Shipping Company", "Shipping City", "Shipping Zip", "Shipping Province", "Shipping Country", "Shipping Phone", "Notes", "Note Attributes", "Cancelled at", "Payment Method",
  "Payment Reference", "Refunded Amount", "Vendor", "Outstanding Balance", "Employee", "Location", "Device ID", "Id", "Tags", "Risk Level", "Source", "Lineitem discount",
];

/** One row per line item; only an order's first row carries its order fields, as Shopify writes it. */
export function shopifyOrdersCsv(orders: ExportOrder[]): string {
  const rows: string[][] = [SHOPIFY_HEADER];
  for (const o of orders) {
    const p = person(o);
    const subtotal = o.lines.reduce((n, l) => n + Number(l.quantity) * Number(l.price), 0);
    o.lines.forEach((l, i) => {
      const v: Record<string, string> = { Name: o.id, Email: p.email, "Lineitem quantity": String(l.quantity), "Lineitem name": l.title ?? `Product ${l.sku}`, "Lineitem price": String(l.price), "Lineitem sku": l.sku, "Lineitem requires shipping": "true", "Lineitem taxable": "true", "Lineitem fulfillment status": "pending" };
      if (i === 0) {
        Object.assign(v, {
          "Financial Status": "paid", "Paid at": o.createdAt ?? "2026-11-03 14:05:09 -0500", "Fulfillment Status": "unfulfilled", "Accepts Marketing": "no", Currency: "USD",
          Subtotal: subtotal.toFixed(2), Shipping: (o.shipping ?? 5).toFixed(2), Taxes: "0.00", Total: (subtotal + (o.shipping ?? 5)).toFixed(2), "Discount Amount": "0.00",
          "Shipping Method": "Standard", "Created at": o.createdAt ?? "2026-11-03 14:05:09 -0500", "Billing Name": p.name, "Billing Address1": p.address1, "Billing City": p.city,
          "Billing Zip": `'${p.zip}`, "Billing Province": p.province, "Billing Country": p.country, "Shipping Name": p.name, "Shipping Street": p.address1, "Shipping Address1": p.address1,
          "Shipping City": p.city, "Shipping Zip": p.zip ? `'${p.zip}` : "", "Shipping Province": p.province, "Shipping Country": p.country, "Payment Method": "Shopify Payments",
          Id: String(5_000_000_000 + rows.length), Source: "web", "Risk Level": "Low",
        });
      }
      rows.push(SHOPIFY_HEADER.map((h) => v[h] ?? ""));
    });
  }
  return stringify(rows);
}

const WOO_HEADER = [
  "Order Number", "Order Status", "Order Date", "Customer Note", "First Name (Billing)", "Last Name (Billing)", "Email (Billing)", "Phone (Billing)", "First Name (Shipping)",
  "Last Name (Shipping)", "Address 1&2 (Shipping)", "City (Shipping)", "State Code (Shipping)", "Postcode (Shipping)", "Country Code (Shipping)", "Payment Method Title",
  "Cart Discount Amount", "Order Subtotal Amount", "Shipping Method Title", "Order Shipping Amount", "Order Refund Amount", "Order Total Amount", "Order Total Tax Amount",
  "SKU", "Item #", "Item Name", "Quantity (- Refund)", "Item Cost", "Coupon Code", "Discount Amount", "Discount Amount Tax",
];

/** The "Advanced Order Export For WooCommerce" plugin's default CSV: one row per product, order fields repeated. */
export function wooCommerceOrdersCsv(orders: ExportOrder[]): string {
  const rows: string[][] = [WOO_HEADER];
  for (const o of orders) {
    const p = person(o);
    const [first, ...last] = p.name.split(" ");
    o.lines.forEach((l, i) => {
      const v: Record<string, string> = {
        "Order Number": o.id, "Order Status": "Processing", "Order Date": o.createdAt ?? "2026-11-04 09:30", "First Name (Billing)": first!, "Last Name (Billing)": last.join(" "),
        "Email (Billing)": p.email, "First Name (Shipping)": first!, "Last Name (Shipping)": last.join(" "), "Address 1&2 (Shipping)": p.address1, "City (Shipping)": p.city,
        "State Code (Shipping)": p.province, "Postcode (Shipping)": p.zip, "Country Code (Shipping)": p.country, "Payment Method Title": "Credit card", "Cart Discount Amount": "0",
        "Shipping Method Title": "Flat rate", "Order Shipping Amount": String(o.shipping ?? 4), "Order Total Tax Amount": "0", SKU: l.sku, "Item #": String(i + 1),
        "Item Name": l.title ?? `Product ${l.sku}`, "Quantity (- Refund)": String(l.quantity), "Item Cost": String(l.price),
      };
      rows.push(WOO_HEADER.map((h) => v[h] ?? ""));
    });
  }
  return stringify(rows);
}

const AMAZON_HEADER = [
  "order-id", "order-item-id", "purchase-date", "payments-date", "buyer-email", "buyer-name", "buyer-phone-number", "sku", "product-name", "quantity-purchased", "currency",
  "item-price", "item-tax", "shipping-price", "shipping-tax", "ship-service-level", "recipient-name", "ship-address-1", "ship-address-2", "ship-address-3", "ship-city",
  "ship-state", "ship-postal-code", "ship-country", "ship-phone-number", "delivery-start-date", "delivery-end-date", "delivery-time-zone", "delivery-Instructions", "sales-channel",
];

/** Seller Central's Unshipped Orders report: tab-separated, one row per order item, item-price for the row's whole quantity. */
export function amazonOrderReport(orders: ExportOrder[]): string {
  const lines = [AMAZON_HEADER.join("\t")];
  for (const o of orders) {
    const p = person(o);
    o.lines.forEach((l, i) => {
      const total = Number(l.quantity) * Number(l.price);
      const v: Record<string, string> = {
        "order-id": o.id, "order-item-id": `${o.id.replace(/\D/g, "").slice(0, 10)}${i}`, "purchase-date": o.createdAt ?? "2026-11-05T08:12:44+00:00", "payments-date": o.createdAt ?? "2026-11-05T08:12:44+00:00",
        "buyer-email": p.email, "buyer-name": p.name, sku: l.sku, "product-name": l.title ?? `Product ${l.sku}`, "quantity-purchased": String(l.quantity), currency: "USD",
        "item-price": Number.isFinite(total) ? total.toFixed(2) : String(l.price), "item-tax": "0.00", "shipping-price": i === 0 ? (o.shipping ?? 3.99).toFixed(2) : "0.00", "shipping-tax": "0.00",
        "ship-service-level": "Standard", "recipient-name": p.name, "ship-address-1": p.address1, "ship-city": p.city, "ship-state": p.province, "ship-postal-code": p.zip,
        "ship-country": p.country, "sales-channel": "Amazon.com",
      };
      lines.push(AMAZON_HEADER.map((h) => v[h] ?? "").join("\t"));
    });
  }
  return `${lines.join("\n")}\n`;
}
