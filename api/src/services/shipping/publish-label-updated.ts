import type { Queryable } from "../../db/pool";
import { publishAfterCommit } from "../../realtime";

/** Tells the store's open screens a label changed, once db's transaction commits. */
export function publishLabelUpdated(db: Queryable, storeId: string, label: { id: string; trackingNumber: string; status: string }): void {
  publishAfterCommit(db, { name: "label.updated", to: { storeId }, payload: { labelId: label.id, trackingNumber: label.trackingNumber, status: label.status } });
}
