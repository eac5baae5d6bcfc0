import type { PayoutRecord } from "@atelier/contracts/fees";
import type { FeeRow } from "../../queries/fees/fees";

/** A fee as the payout and payment records list it. */
export function feeLine(f: FeeRow): PayoutRecord["fees"][number] {
  return {
    id: f.id,
    kind: f.kind === "FULFILMENT" ? "FULFILMENT_FEE" : "STORAGE_FEE",
    description: f.description,
    amountCents: f.amountCents,
    orderNumber: f.orderNumber,
    receivingSn: f.receivingNumber === null ? null : `RCV-${f.receivingNumber}`,
  };
}
