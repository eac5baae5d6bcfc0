import type { ReturnStatus } from "@atelier/contracts/returns";
import { RETURN_STATUS_LABELS } from "@atelier/contracts/returns";
import { conflict } from "../../errors";

// Which step each status allows (000 §4): CREATED → SHIPPING → RECEIVED, or CANCELED from either open status.

const ALLOWED: Record<"ship" | "receive" | "cancel", ReturnStatus[]> = {
  ship: ["CREATED"],
  receive: ["CREATED", "SHIPPING"],
  cancel: ["CREATED", "SHIPPING"],
};
const VERB = { ship: "marked as on its way back", receive: "received", cancel: "canceled" };

/** 409 in a sentence when the return's status does not allow the step. */
export function assertStep(step: keyof typeof ALLOWED, handle: string, status: ReturnStatus): void {
  if (ALLOWED[step].includes(status)) return;
  const now = status === "RECEIVED" ? "is already complete (received and refunded)" : status === "CANCELED" ? "was canceled" : `is ${RETURN_STATUS_LABELS[status].toLowerCase()}`;
  throw conflict(`Return ${handle} ${now}, so it can't be ${VERB[step]}.`);
}
