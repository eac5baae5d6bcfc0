import { inventory, orders } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// The store's stock at the fulfilment center (the Products screen, /inventory) and orders entered
// by hand, which reserve it.

const sku = "The SKU as the user says it, e.g. TEE-BLK-M; 'this product' is the SKU on the user's screen";

const manualOrderArgs = {
  customer: "The customer: { name, email }",
  shippingAddress: "Where it ships: { address1, city, region?, postalCode, countryCode (two letters) }",
  lines: "What they buy: [{ sku (from list_inventory), quantity, unitPriceCents }]",
  shippingCents: "Shipping charged, in cents (default 0)",
  shippingMethod: "How it ships: ECONOMY, STANDARD (default), EXPEDITED or OVERNIGHT",
  note: "Optional note on the order",
};

export const inventoryTools = [
  defineTool({
    contract: inventory.listInventory,
    name: "list_inventory",
    description:
      "List the store's stock per SKU with its bins: on hand, reserved for open orders, incoming, available. Tabs: ALL, LOW_STOCK (at or below the SKU's threshold), OUT_OF_STOCK. Use it for 'what's low on stock', 'how many black tees do I have', 'what's out of stock'. The answer also counts every tab.",
    argDescriptions: { filter: "ALL (default), LOW_STOCK or OUT_OF_STOCK", search: "SKU or product name", sort: "sku (default), -sku, available, -available, title or -title", page: "Page number, starting at 0", size: "SKUs per page, 1-100" },
  }),
  defineTool({
    contract: inventory.getInventoryItem,
    name: "get_inventory_item",
    description: "Get one SKU's stock per bin and its latest movements: adjustments with their reasons, reservations by orders, releases and shipments. Use it for 'why did TEE-BLK-M go down?'.",
    argDescriptions: { sku },
  }),
  defineTool({
    contract: inventory.createInventoryItem,
    name: "create_inventory_item",
    description: "Add a new SKU to the inventory in one bin with the units counted there. Only for SKUs the store doesn't stock yet; use adjust_inventory to change an existing one.",
    argDescriptions: { sku: "The new SKU", title: "The product's name", bin: "The bin, like A-01 (default A-01)", onHand: "Units counted (default 0)", lowStockThreshold: "Low stock at or below this many available units (default 5)" },
  }),
  defineTool({
    contract: inventory.adjustInventory,
    name: "adjust_inventory",
    description: "Add or remove units of a SKU in one bin, with a reason (COUNT_CORRECTION, DAMAGED, LOST, FOUND, RECEIVED, OTHER); written to the ledger. Units reserved by open orders can't be removed.",
    argDescriptions: { sku, bin: "The bin, like A-01 (default A-01)", change: "Units to add (positive) or remove (negative)", reason: "COUNT_CORRECTION, DAMAGED, LOST, FOUND, RECEIVED or OTHER", note: "Optional detail" },
  }),
  defineTool({
    contract: inventory.updateInventoryItem,
    name: "update_inventory_item",
    description: "Rename a SKU or change the number of available units at or below which it shows as low stock.",
    argDescriptions: { sku, title: "The new name", lowStockThreshold: "The new low-stock threshold" },
  }),
  defineTool({
    contract: orders.createManualRetailOrder,
    name: "create_manual_order",
    description: "Create a retail order by hand for a customer from SKUs of the inventory (origin Manual retail). Its units are reserved; if any is short the order waits on an 'Out of stock' hold. Nothing is charged. Confirm the lines and the customer with the user first.",
    argDescriptions: manualOrderArgs,
  }),
  defineTool({
    contract: orders.createManualWholesaleOrder,
    name: "create_wholesale_order",
    description: "Create a wholesale order by hand (origin Manual wholesale), reserved like a retail one. Nothing is charged.",
    argDescriptions: manualOrderArgs,
  }),
];
