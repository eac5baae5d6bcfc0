import { useEffect, useRef } from "react";
import type { RealtimeEventName, RealtimePayload } from "@atelier/contracts/realtime";
import { onRealtimeEvent } from "./realtime-client";

/**
 * Calls handler with each `name` event (see contracts/src/realtime.ts) while the component is
 * mounted; the newest handler is used, so it may close over fresh state without resubscribing.
 */
export function useRealtimeEvent<N extends RealtimeEventName>(name: N, handler: (payload: RealtimePayload<N>) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onRealtimeEvent(name, (payload) => latest.current(payload)), [name]);
}
