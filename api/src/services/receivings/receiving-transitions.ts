import { DELIVERY_STATUSES, DELIVERY_STATUS_LABELS, type DeliveryStatus } from "@atelier/contracts/receivings";
import { conflict } from "../../errors";
import type { ReceivingRow } from "../../queries/receivings/receivings";
import { snOf } from "./receiving-detail";

// What a receiving allows in each state: a canceled or finished one takes nothing more; a counted
// one can't be canceled; the delivery only moves forward (NOT_YET_SHIPPED → NOT_YET_DELIVERED →
// IN_QUEUE → RECEIVED_BY_PROVIDER, the last set by counting).

type Step = "deliver" | "receive" | "cancel" | "repack";
const VERB: Record<Step, string> = { deliver: "moved", receive: "counted", cancel: "canceled", repack: "given a new packing list" };

/** 409 in a sentence when the receiving is over (canceled, finished or fully received). */
export function assertOpen(step: Step, r: ReceivingRow): void {
  const sn = snOf(r.number);
  if (r.canceledAt) throw conflict(`Receiving ${sn} was canceled, so it can't be ${VERB[step]}.`);
  if (r.receivingStatus === "RECEIVED") throw conflict(`Receiving ${sn} is already fully received, so it can't be ${VERB[step]}.`);
  if (r.closedAt) throw conflict(`Receiving ${sn} was finished short, so it can't be ${VERB[step]}.`);
  if (step === "cancel" && r.receivingStatus !== "NONE") throw conflict(`Units of receiving ${sn} were already counted, so it can't be canceled; finish it instead.`);
}

/** 409 when the delivery would go back or stay where it is. */
export function assertForward(r: ReceivingRow, to: DeliveryStatus): void {
  if (DELIVERY_STATUSES.indexOf(to) > DELIVERY_STATUSES.indexOf(r.deliveryStatus)) return;
  throw conflict(`Receiving ${snOf(r.number)} is already "${DELIVERY_STATUS_LABELS[r.deliveryStatus].toLowerCase()}", so it can't be marked "${DELIVERY_STATUS_LABELS[to].toLowerCase()}".`);
}
