// Purchasing's queries, one module per aggregate; services read them as one namespace (`q.`).
export * from "./invoice-lines";
export * from "./invoices";
export * from "./order-items";
export * from "./payments";
export * from "./shipping-addresses";
