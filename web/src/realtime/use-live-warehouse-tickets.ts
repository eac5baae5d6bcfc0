import { invalidate } from "../api/query-cache";
import { useRealtimeEvent } from "./use-realtime-event";

/** Keeps the tickets screen current: a ticket opened, answered by the warehouse or closed in any tab (or by the copilot) reloads it. */
export function useLiveWarehouseTickets(): void {
  useRealtimeEvent("warehouseTicket.updated", () => invalidate(["warehouse-tickets"]));
}
