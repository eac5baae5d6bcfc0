import { invalidate } from "../api/query-cache";
import { useRealtimeEvent } from "./use-realtime-event";

/**
 * Keeps the orders and stock screens current: an order placed, held, released, noted, canceled or
 * moved by the fulfilment center in any tab (or by the center's job) reloads what shows orders and
 * stock. Events are hints; the data comes from the API.
 */
export function useLiveOrders(): void {
  const reload = () => invalidate(["orders", "inventory"]);
  useRealtimeEvent("order.updated", reload);
  useRealtimeEvent("order.created", reload);
}
