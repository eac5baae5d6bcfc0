import { cell, hasColumns, type ExportedOrder, type LooseRow, type StorePlatformFile } from "./types";

// WooCommerce has no order export of its own with addresses and SKUs; stores use the "Advanced
// Order Export For WooCommerce" plugin, whose default CSV writes one row per product with the
// order's fields repeated: "Order Number", "Order Date", "Email (Billing)", "First Name
// (Shipping)", "Address 1&2 (Shipping)", "SKU", "Item Name", "Quantity (- Refund)", "Item Cost"…
// Both the plugin's labels and WooCommerce's own field names (order_number, billing_email…) are read.

export const wooCommerceOrdersCsv: StorePlatformFile = {
  channel: "WOOCOMMERCE",
  delimiter: ",",
  recognises: (header) =>
    (header.includes("Order Number") || header.includes("Order ID") || header.includes("order_number")) &&
    (header.includes("SKU") || header.includes("sku")) &&
    ["Quantity (- Refund)", "Quantity", "Qty", "qty"].some((q) => header.includes(q)) &&
    !hasColumns(header, "Lineitem sku"),
  readOrders(rows) {
    const byNumber = new Map<string, ExportedOrder>();
    const loose: LooseRow[] = [];
    for (const row of rows) {
      const number = cell(row, "Order Number", "Order ID", "order_number", "order_id");
      if (!number) {
        loose.push({ line: row.line, message: "has no Order Number, so it belongs to no order." });
        continue;
      }
      let order = byNumber.get(number);
      if (!order) {
        const first = cell(row, "First Name (Shipping)", "shipping_first_name", "First Name (Billing)", "billing_first_name");
        const last = cell(row, "Last Name (Shipping)", "shipping_last_name", "Last Name (Billing)", "billing_last_name");
        const name = `${first} ${last}`.trim();
        order = {
          externalId: number,
          lines: [],
          placedAt: cell(row, "Order Date", "order_date"),
          email: cell(row, "Email (Billing)", "billing_email", "Customer Email"),
          customerName: name,
          phone: cell(row, "Phone (Billing)", "billing_phone", "Phone (Shipping)"),
          address: {
            name,
            address1: cell(row, "Address 1&2 (Shipping)", "Address 1 (Shipping)", "shipping_address_1"),
            address2: cell(row, "Address 2 (Shipping)", "shipping_address_2"),
            city: cell(row, "City (Shipping)", "shipping_city"),
            region: cell(row, "State Code (Shipping)", "State (Shipping)", "shipping_state"),
            postalCode: cell(row, "Postcode (Shipping)", "shipping_postcode"),
            countryCode: cell(row, "Country Code (Shipping)", "shipping_country"),
          },
          currency: cell(row, "Order Currency", "order_currency"),
          shipping: cell(row, "Order Shipping Amount", "shipping_total"),
          tax: cell(row, "Order Total Tax Amount", "tax_total"),
          discount: cell(row, "Cart Discount Amount", "discount_total"),
          items: [],
        };
        byNumber.set(number, order);
      }
      order.lines.push(row.line);
      order.items.push({
        line: row.line,
        sku: cell(row, "SKU", "sku"),
        title: cell(row, "Item Name", "Product Name", "item_name"),
        quantity: cell(row, "Quantity (- Refund)", "Quantity", "Qty", "qty"),
        unitPrice: cell(row, "Item Cost", "Item Price", "item_price"),
      });
    }
    return { orders: [...byNumber.values()], loose };
  },
};
