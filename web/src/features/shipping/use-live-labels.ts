import { invalidate } from "../../api/query-cache";
import { useRealtimeEvent } from "../../realtime/use-realtime-event";

/** Reloads the label screens when a label is bought, scanned by the carrier or voided, in any tab or by the tracking job. */
export function useLiveLabels(): void {
  useRealtimeEvent("label.updated", () => invalidate(["shipping"]));
}
