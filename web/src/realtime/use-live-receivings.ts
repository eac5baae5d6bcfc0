import { invalidate } from "../api/query-cache";
import { useRealtimeEvent } from "./use-realtime-event";

/**
 * Keeps the receivings screens and the stock current: a shipment announced, moved, counted,
 * finished or canceled in any tab (or by the copilot) reloads what shows receivings and stock.
 */
export function useLiveReceivings(): void {
  useRealtimeEvent("receiving.updated", () => invalidate(["receivings", "inventory"]));
}
