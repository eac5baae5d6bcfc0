import { inventory } from "@atelier/contracts";
import { route } from "../http/route";
import { adjustInventory } from "../services/inventory/adjust-inventory";
import { createInventoryItem } from "../services/inventory/create-inventory-item";
import { getInventoryItem } from "../services/inventory/get-inventory-item";
import { listInventory } from "../services/inventory/list-inventory";
import { updateInventoryItem } from "../services/inventory/update-inventory-item";

export const inventoryRoutes = [
  route(inventory.listInventory, ({ ctx, query }) => listInventory(ctx, query)),
  route(inventory.createInventoryItem, ({ ctx, body }) => createInventoryItem(ctx, body)),
  route(inventory.getInventoryItem, ({ ctx, params }) => getInventoryItem(ctx, params.sku)),
  route(inventory.updateInventoryItem, ({ ctx, params, body }) => updateInventoryItem(ctx, params.sku, body)),
  route(inventory.adjustInventory, ({ ctx, params, body }) => adjustInventory(ctx, params.sku, body)),
];
