import { cell, hasColumns, type ExportedOrder, type ExportRow, type LooseRow, type StorePlatformFile } from "./types";

// Shopify admin → Orders → Export (CSV for Excel or plain CSV): one row per line item, the rows of
// one order sharing its Name ("#1001"); only an order's first row carries its e-mail, totals and
// addresses. Zips are written with a leading apostrophe so spreadsheets keep their zeros.

export const shopifyOrdersCsv: StorePlatformFile = {
  channel: "SHOPIFY",
  delimiter: ",",
  recognises: (header) => hasColumns(header, "Name", "Lineitem quantity", "Lineitem sku"),
  readOrders(rows) {
    const byName = new Map<string, ExportedOrder>();
    const loose: LooseRow[] = [];
    for (const row of rows) {
      const name = cell(row, "Name");
      if (!name) {
        loose.push({ line: row.line, message: "has no order Name, so it belongs to no order." });
        continue;
      }
      let order = byName.get(name);
      if (!order) {
        order = firstRow(name, row);
        byName.set(name, order);
      } else {
        order.lines.push(row.line);
        // Some exports repeat the order's fields on every row: a later row fills what the first lacked.
        if (!order.email) order.email = cell(row, "Email");
      }
      order.items.push({ line: row.line, sku: cell(row, "Lineitem sku"), title: cell(row, "Lineitem name"), quantity: cell(row, "Lineitem quantity"), unitPrice: cell(row, "Lineitem price") });
    }
    return { orders: [...byName.values()], loose };
  },
};

function firstRow(name: string, row: ExportRow): ExportedOrder {
  return {
    externalId: name,
    lines: [row.line],
    placedAt: shopifyDate(cell(row, "Created at", "Paid at")),
    email: cell(row, "Email"),
    customerName: cell(row, "Shipping Name", "Billing Name"),
    phone: cell(row, "Shipping Phone", "Phone", "Billing Phone"),
    address: {
      name: cell(row, "Shipping Name"),
      address1: cell(row, "Shipping Address1", "Shipping Street"),
      address2: cell(row, "Shipping Address2"),
      city: cell(row, "Shipping City"),
      region: cell(row, "Shipping Province"),
      postalCode: cell(row, "Shipping Zip").replace(/^'/, ""),
      countryCode: cell(row, "Shipping Country"),
    },
    currency: cell(row, "Currency"),
    shipping: cell(row, "Shipping"),
    tax: cell(row, "Taxes"),
    discount: cell(row, "Discount Amount"),
    items: [],
  };
}

/** "2026-11-03 14:05:09 -0500" (Shopify's export) as ISO 8601; anything else is passed on to be checked. */
function shopifyDate(v: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?) ?([+-]\d{2})(\d{2})$/.exec(v);
  return m ? `${m[1]}T${m[2]}${m[3]}:${m[4]}` : v;
}
